import * as Tabs from "@radix-ui/react-tabs";
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DocumentTitle } from "../../../components/document-title.tsx";
import { TabBar } from "../../../components/tab-bar.tsx";
import { useSalon } from "../../../lib/salon-data/salon.ts";
import { useTabParam } from "../../../lib/tab-param.ts";
import { OffersTab } from "./offers-tab.tsx";
import { WaitingTab } from "./waiting-tab.tsx";

const TABS = ["waiting", "offers"] as const;

/** Waitlist: the clients waiting for a time, and the offers made of times that came free; the tab kept in ?tab=. */
export function WaitlistPage() {
  const intl = useIntl();
  const titleId = useId();
  const salon = useSalon();
  const [tab, select] = useTabParam(TABS);
  // Times in the salon's zone, once it is known; the browser's only if the salon cannot be read.
  const timeZone = salon.data?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <DocumentTitle title={intl.formatMessage({ id: "dashboard.nav.waitlist" })} />
      <h1 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        <FormattedMessage id="waitlist.screen.title" />
      </h1>
      <p className="mt-1 text-slate-600">
        <FormattedMessage id="waitlist.screen.intro" />
      </p>
      <Tabs.Root value={tab} onValueChange={select} className="mt-4">
        <TabBar
          tabs={TABS}
          label={intl.formatMessage({ id: "waitlist.screen.tabs" })}
          title={(value) => <FormattedMessage id={`waitlist.screen.tab.${value}`} />}
          className="-mx-4 px-4 sm:mx-0 sm:px-0"
        />
        {(salon.data || salon.isError) &&
          TABS.map((value) => (
            <Tabs.Content
              key={value}
              value={value}
              className="pt-4 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
            >
              {value === "waiting" ? <WaitingTab timeZone={timeZone} /> : <OffersTab timeZone={timeZone} />}
            </Tabs.Content>
          ))}
      </Tabs.Root>
    </section>
  );
}
