import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { calendarFeedPath, type CalendarFeed } from "../../../../contract/calendar-feeds.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { failureText } from "../../../lib/form-errors.ts";
import { useCalendarFeeds, useRenewCalendarFeed, useRevokeCalendarFeed } from "./calendar-feeds.ts";
import { CopyButton } from "../components/booking-copy-button.tsx";
import { SettingsSection } from "../components/settings-section.tsx";
import { SettingsTabLoad } from "../components/settings-tab-load.tsx";

/** One feed's row: whose it is, and its address with what the owner can do with it. */
interface FeedOwner {
  /** None: the whole salon's feed. */
  stylistId: string | null;
  name: string;
  feed: CalendarFeed | null;
}

type Asking = "renew" | "revoke" | null;

function FeedRow({ stylistId, name, feed }: FeedOwner) {
  const intl = useIntl();
  const toast = useToast();
  const renew = useRenewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [asking, setAsking] = useState<Asking>(null);
  const say = (id: string) => intl.formatMessage({ id: `salonSettings.calendarSync.${id}` }, { name });

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
    } catch (error) {
      toast.show("error", failureText(error, say("failed")));
      throw error;
    }
    toast.show("success", say(done));
  };
  const create = () => void run(() => renew.mutateAsync(stylistId), "created").catch(() => {});
  const url = feed && `${window.location.origin}${calendarFeedPath(feed.token)}`;

  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-medium text-slate-900">{name}</h3>
        {!feed && (
          <Button size="sm" busy={renew.isPending} onClick={create} aria-label={say("createFor")}>
            <FormattedMessage id="salonSettings.calendarSync.create" />
          </Button>
        )}
      </div>
      {url && feed && (
        <div className="mt-2 space-y-2">
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900">
            <span data-testid="calendar-feed-url">{url}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={url} label={say("copyFor")} />
            <Button variant="secondary" size="sm" aria-label={say("renewFor")} onClick={() => setAsking("renew")}>
              <FormattedMessage id="salonSettings.calendarSync.renew" />
            </Button>
            <Button variant="danger-outline" size="sm" aria-label={say("revokeFor")} onClick={() => setAsking("revoke")}>
              <FormattedMessage id="salonSettings.calendarSync.revoke" />
            </Button>
          </div>
          <ConfirmDialog
            open={asking === "renew"}
            title={say("renewTitle")}
            message={say("renewMessage")}
            confirmLabel={say("renew")}
            busyLabel={say("renewing")}
            onConfirm={() => run(() => renew.mutateAsync(stylistId), "renewed")}
            onClose={() => setAsking(null)}
          />
          <ConfirmDialog
            open={asking === "revoke"}
            title={say("revokeTitle")}
            message={say("revokeMessage")}
            confirmLabel={say("revoke")}
            busyLabel={say("revoking")}
            onConfirm={() => run(() => revoke.mutateAsync(feed.id), "revoked")}
            onClose={() => setAsking(null)}
          />
        </div>
      )}
    </li>
  );
}

const APPS = ["google", "apple", "outlook"] as const;

/** Salon Settings › Calendar sync: secret feed addresses for calendar apps, the salon's and each stylist's, and how to subscribe. */
export function CalendarSyncTab() {
  const intl = useIntl();
  const query = useCalendarFeeds();
  return (
    <SettingsTabLoad
      query={query}
      texts={{ toast: "salonSettings.calendarSync.loadFailed", failed: "salonSettings.calendarSync.loadFailed", loading: "salonSettings.calendarSync.loading" }}
    >
      {({ salon, stylists }) => (
        <div className="space-y-6">
          <SettingsSection title="salonSettings.calendarSync.feeds" description="salonSettings.calendarSync.feedsHint">
            <ul className="divide-y divide-slate-200">
              <FeedRow stylistId={null} name={intl.formatMessage({ id: "salonSettings.calendarSync.wholeSalon" })} feed={salon} />
              {stylists.map((stylist) => (
                <FeedRow key={stylist.id} stylistId={stylist.id} name={stylist.name} feed={stylist.feed} />
              ))}
            </ul>
          </SettingsSection>
          <SettingsSection title="salonSettings.calendarSync.howTo" description="salonSettings.calendarSync.howToHint">
            <dl className="space-y-4 text-sm">
              {APPS.map((app) => (
                <div key={app}>
                  <dt className="font-medium text-slate-900">
                    <FormattedMessage id={`salonSettings.calendarSync.${app}`} />
                  </dt>
                  <dd className="mt-1 text-slate-600">
                    <FormattedMessage id={`salonSettings.calendarSync.${app}Steps`} />
                  </dd>
                </div>
              ))}
            </dl>
          </SettingsSection>
        </div>
      )}
    </SettingsTabLoad>
  );
}
