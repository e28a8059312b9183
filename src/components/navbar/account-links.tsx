import { FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate } from "react-router";
import { canUse } from "../../../contract/team.ts";
import { useLanguage } from "../../i18n/language-context.ts";
import { switchSalon, useSalons } from "../../lib/auth/salons.ts";
import { useToast } from "../toast/toast-context.ts";

/** The salon the person works in, under their address at the top of the account menu. */
export function AccountSalon() {
  const { current } = useSalons();
  if (!current) return null;
  return (
    <p className="truncate text-slate-600" title={current.salon_name}>
      <FormattedMessage id="account.menu.salon" values={{ salon: current.salon_name }} />
    </p>
  );
}

/** The account menu's links that depend on the salon: the person's other salons to switch to, and the screens their role has there. */
export function AccountLinks({ itemClass, onChosen }: { itemClass: string; onChosen?: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const { localPath } = useLanguage();
  const { list, current } = useSalons();
  // Until the salons are read, the menu offers what an owner has; the page itself knows better.
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
    </>
  );
}
