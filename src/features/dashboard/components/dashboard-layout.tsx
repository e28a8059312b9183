import { FormattedMessage, useIntl } from "react-intl";
import { NavLink, Outlet } from "react-router";
import { useLanguage } from "../../../i18n/language-context.ts";
import { GettingStarted } from "../getting-started/getting-started.tsx";

const SECTIONS = ["assistant", "phone-numbers", "calls", "calendar", "clients", "waitlist"] as const;

/**
 * The signed-in area: a sidebar of the dashboard's screens beside the current one, and above
 * it, until the salon is set up, the steps still to do.
 */
export function DashboardLayout() {
  const intl = useIntl();
  const { localPath } = useLanguage();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:py-10">
      <nav aria-label={intl.formatMessage({ id: "dashboard.nav.label" })} className="lg:w-56 lg:shrink-0">
        {/* On a phone the sections wrap onto a second line rather than hiding past the edge. */}
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {SECTIONS.map((section) => (
            <li key={section}>
              <NavLink
                to={localPath(`/dashboard/${section}`)}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
                    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
                  }`
                }
              >
                <FormattedMessage id={`dashboard.nav.${section}`} />
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <GettingStarted />
        <Outlet />
      </div>
    </div>
  );
}
