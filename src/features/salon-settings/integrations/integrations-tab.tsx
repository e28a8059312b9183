import { ApiKeysTab } from "./api-keys-tab.tsx";
import { CalendarSyncTab } from "./calendar-sync-tab.tsx";
import { WebhooksSection } from "./webhooks-section.tsx";

/** Salon Settings › Integrations: what connects the salon to other software, calendar apps first, then programs with API keys, then systems told of events by webhooks. */
export function IntegrationsTab() {
  return (
    <div className="space-y-10">
      <CalendarSyncTab />
      <ApiKeysTab />
      <WebhooksSection />
    </div>
  );
}
