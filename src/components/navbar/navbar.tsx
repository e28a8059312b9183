import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { Link, useLocation } from "react-router";
import { useLanguage } from "../../i18n/language-context.ts";
import { useSession } from "../../lib/auth/session.ts";
import { AccountMenu } from "./account-menu.tsx";
import { LanguageMenu } from "./language-menu.tsx";
import { Logo } from "./logo.tsx";
import { AuthButtons, NavLinks } from "./nav-links.tsx";

/** The bar shows everything from this width on; below it, the full-screen menu does. */
const WIDE_QUERY = "(min-width: 1024px)";

const loadMenu = () => import("./mobile-menu.tsx");
const MobileMenuDialog = lazy(async () => ({ default: (await loadMenu()).MobileMenuDialog }));

/** The menu's button, and the menu (./mobile-menu.tsx) from its first opening on. */
function MobileMenu() {
  const intl = useIntl();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
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

  const closeThen = (action: () => void) => {
    afterClose.current = action;
    setOpen(false);
  };

  return (
    <>
      <button
        ref={toggle}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        // A finger on the button starts the menu's download before the tap ends.
        onPointerDown={() => void loadMenu()}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className="rounded-lg p-2 text-slate-800 hover:bg-slate-100 lg:hidden"
        aria-label={intl.formatMessage({ id: "nav.menu.open" })}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
      {opened && (
        <Suspense>
          <MobileMenuDialog
            open={open}
            onOpenChange={setOpen}
            closeThen={closeThen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              toggle.current?.focus();
              const action = afterClose.current;
              afterClose.current = null;
              action?.();
            }}
          />
        </Suspense>
      )}
    </>
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
