import { FormattedMessage, useIntl } from "react-intl";
import { Navigate, NavLink, Outlet, useLocation } from "react-router";
import { canUse } from "../../../../contract/team.ts";
import { NotAvailablePage } from "../../../components/not-available-page.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { useMembership } from "../../../lib/auth/membership.ts";
import { GettingStarted } from "../getting-started/getting-started.tsx";
import { closedSection, landingFor, sectionsFor } from "../sections.ts";

/**
 * The signed-in area: a sidebar of the dashboard's screens the person's role has beside the
 * current one, and above it, until the salon is set up, the steps still to do (for those who
 * set it up).
 */
export function DashboardLayout() {
  const intl = useIntl();
  const { localPath } = useLanguage();
  const { pathname } = useLocation();
  const membership = useMembership();
  const sections = sectionsFor(membership);
  const landing = landingFor(membership);
  const current = pathname.split("/dashboard/")[1]?.split("/")[0] ?? "";
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:py-10">
      <nav aria-label={intl.formatMessage({ id: "dashboard.nav.label" })} className="lg:w-56 lg:shrink-0">
        {/* On a phone the sections wrap onto a second line rather than hiding past the edge. */}
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {sections.map((section) => (
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
        {canUse(membership.role, "settings") && <GettingStarted />}
        {current === "" && landing ? (
          <Navigate replace to={landing} />
        ) : closedSection(membership, current) ? (
          <NotAvailablePage />
        ) : (
          <Outlet />
        )}
      </div>
    </div>
  );
}
