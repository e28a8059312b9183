import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate } from "react-router";
import { canUse } from "../../../contract/team.ts";
import { useLanguage } from "../../i18n/language-context.ts";
import { logout } from "../../lib/auth/logout.ts";
import { switchSalon, useSalons } from "../../lib/auth/salons.ts";
import { useToast } from "../toast/toast-context.ts";
import { useDropdown } from "./use-dropdown.ts";

const ITEM_CLASS = "block w-full px-4 py-2 text-left text-slate-700 hover:bg-slate-50 hover:text-slate-900";

/** The address, the account links and Log out: the dropdown's content, and the mobile menu's as they are. */
export function AccountItems({ email, onChosen, large = false }: { email: string; onChosen?: () => void; large?: boolean }) {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const { localPath } = useLanguage();
  const { list, current } = useSalons();
  const address = email.toLowerCase();
  const itemClass = `${ITEM_CLASS} ${large ? "text-lg" : "text-sm"}`;
  const settings = !current || canUse(current.role, "settings") || canUse(current.role, "team");
  const links = [
    ...(settings ? [{ id: "salonSettings", to: localPath("/salon-settings") }] : []),
    { id: "subscription", to: "/subscription" },
    { id: "dashboard", to: localPath("/dashboard") },
    { id: "support", to: "/helpdesk" },
  ];
  const others = list.filter((salon) => salon.salon_id !== current?.salon_id);
  const choose = async (salonId: string) => {
    onChosen?.();
    try {
      await switchSalon(salonId);
    } catch {
      toast.show("error", intl.formatMessage({ id: "account.menu.switchFailed" }));
      return;
    }
    navigate(localPath("/dashboard/calendar"));
  };

  return (
    <>
      <div className="border-b border-slate-100 px-4 py-3 text-sm">
        <p className="truncate font-medium text-slate-900" title={address}>
          {address}
        </p>
        {current && (
          <p className="truncate text-slate-600" title={current.salon_name}>
            <FormattedMessage id="account.menu.salon" values={{ salon: current.salon_name }} />
          </p>
        )}
      </div>
      {others.length > 0 && (
        <div role="group" aria-label={intl.formatMessage({ id: "account.menu.switchLabel" })} className="border-b border-slate-100">
          {others.map((salon) => (
            <button key={salon.salon_id} type="button" className={itemClass} onClick={() => void choose(salon.salon_id)}>
              <FormattedMessage id="account.menu.switchTo" values={{ salon: salon.salon_name }} />
            </button>
          ))}
        </div>
      )}
      {links.map((link) => (
        <Link key={link.id} to={link.to} onClick={onChosen} className={itemClass}>
          <FormattedMessage id={`account.menu.${link.id}`} />
        </Link>
      ))}
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
