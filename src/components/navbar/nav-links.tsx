import { FormattedMessage } from "react-intl";
import { Link, useLocation } from "react-router";
import { useLanguage } from "../../i18n/language-context.ts";
import { languageOfPath } from "../../i18n/language.ts";
import { useAuthModals } from "../auth/auth-modal-context.ts";
import { Button } from "../button.tsx";
import { NAV_ITEMS, type NavItem } from "./nav-items.ts";

export function NavLinks({ onNavigate, large = false }: { onNavigate?: () => void; large?: boolean }) {
  const { localPath } = useLanguage();
  const { pathname } = useLocation();
  const pathInLanguage = languageOfPath(pathname) ? pathname.slice(3) || "/" : pathname;

  const target = (item: NavItem) => (item.kind === "route" ? localPath(item.path) : `${localPath("/")}#${item.section}`);
  const active = (item: NavItem) => item.kind === "route" && item.match(pathInLanguage);

  return NAV_ITEMS.map((item) => (
    <Link
      key={item.id}
      to={target(item)}
      onClick={onNavigate}
      aria-current={active(item) ? "page" : undefined}
      className={`rounded-lg font-medium transition-colors ${large ? "px-3 py-1.5 text-2xl" : "px-3 py-2 text-sm"} ${
        active(item) ? "bg-brand-50 text-brand-700 underline decoration-2 underline-offset-8" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      }`}
    >
      <FormattedMessage id={`nav.${item.id}`} />
    </Link>
  ));
}

/**
 * Register and Login when signed out. `perform` runs a button's action: at once in the bar,
 * after the menu has closed in the menu, so the dialog returns focus to the menu's button.
 */
export function AuthButtons({ perform = (action) => action(), large = false }: { perform?: (action: () => void) => void; large?: boolean }) {
  const openAuth = useAuthModals();
  const size = large ? "lg" : "md";
  return (
    <>
      <Button variant={large ? "secondary" : "ghost"} size={size} onClick={() => perform(() => openAuth("login"))}>
        <FormattedMessage id="nav.login" />
      </Button>
      <Button size={size} onClick={() => perform(() => openAuth("register"))}>
        <FormattedMessage id="nav.register" />
      </Button>
    </>
  );
}
