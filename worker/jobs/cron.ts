import { advanceOutreach } from "../clients/outreach/engine.ts";
import { placeOfferCall } from "../clients/outreach/offer-call.ts";
import { linkOldBookings } from "../clients/old-bookings.ts";
import { sendDueMessages } from "../clients/messaging/deliver.ts";
import { closeAbandoned, forgetTranscripts } from "../calls/engine/call-log.ts";
import { summariseDueCalls } from "../calls/engine/call-summary.ts";
import { syncDueCalendars } from "../appointments/stylist-calendars/sync.ts";
import { database } from "../data/db.ts";
import { pruneHits } from "../data/rate-limits.ts";
import { beforeTenant } from "../data/tenant.ts";
import type { Bindings } from "../env.ts";
import { deliverInBackground } from "../platform/mail/background.ts";
import { deliverDueWebhooks } from "../salon/webhooks/deliver.ts";

/**
 * Retries mail whose delivery failed when it was first queued, writes and sends clients'
 * reminders and the messages still due, closes abandoned call records, removes transcripts
 * past their salon's retention, drops ended rate-limit windows, reads stylists' outside calendars,
 * sends the webhooks due.
 */
export function runJobs(env: Bindings, ctx: Pick<ExecutionContext, "waitUntil">) {
  deliverInBackground(env, ctx);
  const db = database(env);
  ctx.waitUntil(closeAbandoned(db));
  ctx.waitUntil(forgetTranscripts(db));
  ctx.waitUntil(summariseDueCalls(env));
  ctx.waitUntil(beforeTenant(db, pruneHits));
  ctx.waitUntil(linkOldBookings(db));
  ctx.waitUntil(deliverDueWebhooks(env).catch((error: unknown) => console.error("webhooks: the cron's run failed", error)));
  ctx.waitUntil(syncDueCalendars(env).catch((error: unknown) => console.error("calendar sync: the cron's run failed", error)));
  // Offers of freed time are written first, so this run sends them with the rest.
  ctx.waitUntil(
    advanceOutreach(env, placeOfferCall)
      .catch((error: unknown) => console.error("outreach: the cron's step failed", error))
      .then(() => sendDueMessages(env)),
  );
}

export const scheduled: ExportedHandlerScheduledHandler<Bindings> = async (_controller, env, ctx) => runJobs(env, ctx);
