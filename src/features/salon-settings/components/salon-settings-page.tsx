import * as Tabs from "@radix-ui/react-tabs";
import { TabBar } from "../../../components/tab-bar.tsx";
import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { canUse, type Role } from "../../../../contract/team.ts";
import { DocumentTitle } from "../../../components/document-title.tsx";
import { NotAvailablePage } from "../../../components/not-available-page.tsx";
import { useMembership } from "../../../lib/auth/membership.ts";
import { useTabParam } from "../../../lib/tab-param.ts";
import { BookingTab } from "../online-booking/booking-tab.tsx";
import { IntegrationsTab } from "../integrations/integrations-tab.tsx";
import { MessagesTab } from "../messages/messages-tab.tsx";
import { OutreachTab } from "../offers/outreach-tab.tsx";
import { SalonForm } from "../salon/salon-form.tsx";
import { ServicesTab } from "../services/services-tab.tsx";
import { StylistsTab } from "../stylists/stylists-tab.tsx";
import { TeamTab } from "../team/team-tab.tsx";

const TABS = ["salon", "stylists", "team", "services", "messages", "booking", "outreach", "integrations"] as const;
type Tab = (typeof TABS)[number];

const PANELS: Record<Tab, ReactNode> = {
  salon: <SalonForm />,
  stylists: <StylistsTab />,
  team: <TeamTab />,
  services: <ServicesTab />,
  messages: <MessagesTab />,
  booking: <BookingTab />,
  outreach: <OutreachTab />,
  integrations: <IntegrationsTab />,
};

/** The tabs a role has: the team's own, and the salon's settings. */
const tabsFor = (role: Role) => TABS.filter((tab) => canUse(role, tab === "team" ? "team" : "settings"));

/**
 * Salon Settings: Salon Information, Stylists, Team, Services, Messages, Online booking, Outreach and
 * Integrations (calendar sync and API keys), those the person's role has, the tab kept in ?tab= for
 * reloads and links.
 */
export function SalonSettingsPage() {
  const [first, ...rest] = tabsFor(useMembership().role);
  return first ? <SettingsTabs tabs={[first, ...rest]} /> : <NotAvailablePage />;
}

function SettingsTabs({ tabs }: { tabs: readonly [Tab, ...Tab[]] }) {
  const intl = useIntl();
  const [tab, select] = useTabParam(tabs);
  // A tab stays mounted once opened, so switching away and back keeps unsaved edits.
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set([tab]));
  if (!opened.has(tab)) setOpened(new Set(opened).add(tab));

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-10">
      <DocumentTitle title={intl.formatMessage({ id: "dashboard.nav.salon-settings" })} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        <FormattedMessage id="salonSettings.title" />
      </h1>
      <Tabs.Root value={tab} onValueChange={select} className="mt-6">
        <TabBar
          tabs={tabs}
          label={intl.formatMessage({ id: "salonSettings.tabs.label" })}
          title={(value) => <FormattedMessage id={`salonSettings.tabs.${value}`} />}
          className="-mx-4 px-4 sm:mx-0 sm:px-0"
        />
        {tabs.map((value) => (
          <Tabs.Content
            key={value}
            value={value}
            forceMount={opened.has(value) || undefined}
            className="pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 data-[state=inactive]:hidden"
          >
            {PANELS[value]}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
