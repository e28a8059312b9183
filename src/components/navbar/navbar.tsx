import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useLocation } from "react-router";
import { useLanguage } from "../../i18n/language-context.ts";
import { languageOfPath } from "../../i18n/language.ts";
import { useSession } from "../../lib/auth/session.ts";
import { useAuthModals } from "../auth/auth-modal-context.ts";
import { Button } from "../button.tsx";
import { AccountMenu } from "./account-menu.tsx";
import { LanguageMenu } from "./language-menu.tsx";
import { Logo } from "./logo.tsx";
import { NAV_ITEMS, type NavItem } from "./nav-items.ts";

function NavLinks({ onNavigate, large = false }: { onNavigate?: () => void; large?: boolean }) {
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
      className={`rounded-lg px-3 py-2 font-medium transition-colors ${large ? "text-2xl" : "text-sm"} ${
        active(item) ? "bg-brand-50 text-brand-700 underline decoration-2 underline-offset-8" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      }`}
    >
      <FormattedMessage id={`nav.${item.id}`} />
    </Link>
  ));
}

/** Register and Login when signed out; the account menu when signed in. */
function AccountArea({ onChosen }: { onChosen?: () => void }) {
  const openAuth = useAuthModals();
  const { user } = useSession();
  if (user) return <AccountMenu email={user.email} onChosen={onChosen} />;
  return (
    <>
      <Button
        variant="ghost"
        onClick={() => {
          onChosen?.();
          openAuth("login");
        }}
      >
        <FormattedMessage id="nav.login" />
      </Button>
      <Button
        onClick={() => {
          onChosen?.();
          openAuth("register");
        }}
      >
        <FormattedMessage id="nav.register" />
      </Button>
    </>
  );
}

export function Navbar() {
  const intl = useIntl();
  const { localPath } = useLanguage();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuKey, setMenuKey] = useState(location.key);

  // The full-screen menu closes on any navigation (back included) and on Escape, and keeps
  // the page still behind it.
  if (menuKey !== location.key) {
    setMenuKey(location.key);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    document.addEventListener("keydown", onKey);
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = "";
    };
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur">
      <nav aria-label={intl.formatMessage({ id: "nav.label" })} className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={localPath("/")} aria-label={intl.formatMessage({ id: "nav.logo" })}>
          <Logo />
        </Link>
        <div className="hidden items-center gap-1 lg:flex">
          <NavLinks />
        </div>
        <div className="hidden items-center gap-2 lg:flex">
          <LanguageMenu />
          <AccountArea />
        </div>
        <button
          type="button"
          className="rounded-lg p-2 text-slate-800 hover:bg-slate-100 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={intl.formatMessage({ id: menuOpen ? "nav.menu.close" : "nav.menu.open" })}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
            {menuOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>
      {menuOpen && (
        <div id="mobile-menu" className="fixed inset-x-0 top-16 bottom-0 z-40 flex flex-col gap-2 overflow-y-auto bg-white px-6 py-6 lg:hidden">
          <div className="flex flex-col items-start gap-1">
            <NavLinks large onNavigate={() => setMenuOpen(false)} />
          </div>
          <div className="mt-4 border-t border-slate-200 pt-4">
            <LanguageMenu variant="menu" onChosen={() => setMenuOpen(false)} />
          </div>
          <div className="mt-2 flex gap-3">
            <AccountArea onChosen={() => setMenuOpen(false)} />
          </div>
        </div>
      )}
    </header>
  );
}
