import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useLocation } from "react-router";
import { useLanguage } from "../../i18n/language-context.ts";
import { languageOfPath } from "../../i18n/language.ts";
import { useSession } from "../../lib/auth/session.ts";
import { useAuthModals } from "../auth/auth-modal-context.ts";
import { Button } from "../button.tsx";
import { CLOSE_ICON } from "../icon-button.tsx";
import { AccountItems, AccountMenu } from "./account-menu.tsx";
import { LanguageMenu, LanguageRow } from "./language-menu.tsx";
import { Logo } from "./logo.tsx";
import { NAV_ITEMS, type NavItem } from "./nav-items.ts";

/** The bar shows everything from this width on; below it, the full-screen menu does. */
const WIDE_QUERY = "(min-width: 1024px)";

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
function AuthButtons({ perform = (action) => action(), large = false }: { perform?: (action: () => void) => void; large?: boolean }) {
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

/**
 * Below 1024 px: every item, the languages and the account actions on one full screen, a
 * dialog of its own (focus kept inside, Escape closes, the page stays still behind it). It
 * lives outside the header, whose backdrop blur would otherwise confine it to the header's box.
 */
function MobileMenu() {
  const intl = useIntl();
  const { localPath } = useLanguage();
  const { user } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [menuKey, setMenuKey] = useState(location.key);
  const toggle = useRef<HTMLButtonElement>(null);
  const afterClose = useRef<(() => void) | null>(null);

  // Any navigation (back included) closes the menu.
  if (menuKey !== location.key) {
    setMenuKey(location.key);
    setOpen(false);
  }

  // Widening the window past the bar's breakpoint leaves no menu open behind the bar.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(WIDE_QUERY);
    const onChange = () => wide.matches && setOpen(false);
    onChange();
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, [open]);

  const close = () => setOpen(false);
  const closeThen = (action: () => void) => {
    afterClose.current = action;
    setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger ref={toggle} className="rounded-lg p-2 text-slate-800 hover:bg-slate-100 lg:hidden" aria-label={intl.formatMessage({ id: "nav.menu.open" })}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const action = afterClose.current;
            afterClose.current = null;
            if (!action) return;
            event.preventDefault();
            toggle.current?.focus();
            action();
          }}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white lg:hidden"
        >
          <Dialog.Title className="sr-only">
            <FormattedMessage id="nav.menu.title" />
          </Dialog.Title>
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200/70 px-4 sm:px-6">
            <Link to={localPath("/")} onClick={close} aria-label={intl.formatMessage({ id: "nav.logo" })}>
              <Logo />
            </Link>
            <Dialog.Close className="rounded-lg p-2 text-slate-800 hover:bg-slate-100" aria-label={intl.formatMessage({ id: "nav.menu.close" })}>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-7" fill="currentColor">
                {CLOSE_ICON}
              </svg>
            </Dialog.Close>
          </div>
          <nav aria-label={intl.formatMessage({ id: "nav.label" })} className="flex flex-col items-start gap-1 px-4 pt-4 sm:px-6">
            <NavLinks large onNavigate={close} />
          </nav>
          <div className="mx-4 mt-4 border-t border-slate-200 pt-4 sm:mx-6">
            <LanguageRow onChosen={close} />
          </div>
          {user ? (
            <div className="mx-4 mt-4 overflow-hidden rounded-xl border border-slate-200 sm:mx-6">
              <AccountItems email={user.email} large onChosen={close} />
            </div>
          ) : (
            <div className="mt-5 grid grid-cols-2 gap-3 px-4 pb-6 sm:px-6">
              <AuthButtons large perform={closeThen} />
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function Navbar() {
  const intl = useIntl();
  const { localPath } = useLanguage();
  const { user } = useSession();

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
          {user ? <AccountMenu email={user.email} /> : <AuthButtons />}
        </div>
        <MobileMenu />
      </nav>
    </header>
  );
}
