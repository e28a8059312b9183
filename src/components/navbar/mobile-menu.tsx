import * as Dialog from "@radix-ui/react-dialog";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { useLanguage } from "../../i18n/language-context.ts";
import { useSession } from "../../lib/auth/session.ts";
import { CLOSE_ICON } from "../icon-button.tsx";
import { AccountItems } from "./account-menu.tsx";
import { LanguageRow } from "./language-menu.tsx";
import { Logo } from "./logo.tsx";
import { AuthButtons, NavLinks } from "./nav-links.tsx";

interface MobileMenuDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Closes the menu, then runs `action` once focus is back on the menu's button. */
  closeThen(action: () => void): void;
  /** Where focus goes when the menu closes (Radix would look for a trigger of its own). */
  onCloseAutoFocus(event: Event): void;
}

/**
 * Below 1024 px: every item, the languages and the account actions on one full screen, a
 * dialog of its own (focus kept inside, Escape closes, the page stays still behind it). It
 * lives outside the header, whose backdrop blur would otherwise confine it to the header's box,
 * and loads with its first opening, so the dialog library is not part of the page's first load.
 */
export function MobileMenuDialog({ open, onOpenChange, closeThen, onCloseAutoFocus }: MobileMenuDialogProps) {
  const intl = useIntl();
  const { localPath } = useLanguage();
  const { user } = useSession();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* The overlay is what holds the page still behind the menu (Radix locks scrolling there). */}
        <Dialog.Overlay className="fixed inset-0 z-50 bg-white lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
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
