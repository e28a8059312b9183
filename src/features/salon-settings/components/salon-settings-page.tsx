import * as Tabs from "@radix-ui/react-tabs";
import { TabBar } from "../../../components/tab-bar.tsx";
import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DocumentTitle } from "../../../components/document-title.tsx";
import { useTabParam } from "../../../lib/tab-param.ts";
import { BookingTab } from "./booking-tab.tsx";
import { IntegrationsTab } from "./integrations-tab.tsx";
import { MessagesTab } from "./messages-tab.tsx";
import { OutreachTab } from "./outreach-tab.tsx";
import { SalonForm } from "./salon-form.tsx";
import { ServicesTab } from "./services-tab.tsx";
import { StylistsTab } from "./stylists-tab.tsx";

const TABS = ["salon", "stylists", "services", "messages", "booking", "outreach", "integrations"] as const;
type Tab = (typeof TABS)[number];

const PANELS: Record<Tab, ReactNode> = {
  salon: <SalonForm />,
  stylists: <StylistsTab />,
  services: <ServicesTab />,
  messages: <MessagesTab />,
  booking: <BookingTab />,
  outreach: <OutreachTab />,
  integrations: <IntegrationsTab />,
};

/** Salon Settings: Salon Information, Stylists, Services, Messages, Online booking, Outreach and Integrations (calendar sync and API keys), the tab kept in ?tab= for reloads and links. */
export function SalonSettingsPage() {
  const intl = useIntl();
  const [tab, select] = useTabParam(TABS);
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
          tabs={TABS}
          label={intl.formatMessage({ id: "salonSettings.tabs.label" })}
          title={(value) => <FormattedMessage id={`salonSettings.tabs.${value}`} />}
          className="-mx-4 px-4 sm:mx-0 sm:px-0"
        />
        {TABS.map((value) => (
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
