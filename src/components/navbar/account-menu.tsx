import { lazy, Suspense, useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { logout } from "../../lib/auth/logout.ts";
import { useDropdown } from "./use-dropdown.ts";

// Loaded with the menu's first opening: the person's salons, and the contract's roles behind
// them, stay out of the public pages' first download.
const AccountSalon = lazy(async () => ({ default: (await import("./account-links.tsx")).AccountSalon }));
const AccountLinks = lazy(async () => ({ default: (await import("./account-links.tsx")).AccountLinks }));

const ITEM_CLASS = "block w-full px-4 py-2 text-left text-slate-700 hover:bg-slate-50 hover:text-slate-900";

/** The address, the salon and the account links, and Log out: the dropdown's content, and the mobile menu's as they are. */
export function AccountItems({ email, onChosen, large = false }: { email: string; onChosen?: () => void; large?: boolean }) {
  const address = email.toLowerCase();
  const itemClass = `${ITEM_CLASS} ${large ? "text-lg" : "text-sm"}`;

  return (
    <>
      <div className="border-b border-slate-100 px-4 py-3 text-sm">
        <p className="truncate font-medium text-slate-900" title={address}>
          {address}
        </p>
        <Suspense>
          <AccountSalon />
        </Suspense>
      </div>
      <Suspense>
        <AccountLinks itemClass={itemClass} onChosen={onChosen} />
      </Suspense>
      <button
        type="button"
        className={`${itemClass} border-t border-slate-100`}
        onClick={() => {
          onChosen?.();
          void logout();
        }}
      >
        <FormattedMessage id="account.menu.logout" />
      </button>
    </>
  );
}

/** The signed-in owner's menu in the bar: avatar letter, then the account items in a dropdown. */
export function AccountMenu({ email }: { email: string }) {
  const intl = useIntl();
  const { open, setOpen, rootRef } = useDropdown();
  const menuId = useId();
  const address = email.toLowerCase();
  const label = intl.formatMessage({ id: "account.menu.label" }, { email: address });

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={label}
        title={label}
        onClick={() => setOpen((value) => !value)}
        className="flex size-9 items-center justify-center rounded-full bg-brand-600 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {/* The letter is a picture of the account, not its name: the name is the label. */}
        <span aria-hidden="true">{address.charAt(0).toUpperCase()}</span>
      </button>
      {open && (
        <div id={menuId} className="absolute right-0 z-50 mt-2 w-64 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-xl">
          <AccountItems email={email} onChosen={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
