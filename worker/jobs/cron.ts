import { advanceOutreach } from "../clients/outreach/engine.ts";
import { placeOfferCall } from "../clients/outreach/offer-call.ts";
import { linkOldBookings } from "../clients/old-bookings.ts";
import { messageJob, reminderJob } from "../clients/messaging/deliver.ts";
import { closeAbandoned, forgetTranscripts } from "../calls/engine/call-log.ts";
import { summaryJob } from "../calls/engine/call-summary.ts";
import { syncDueCalendars } from "../appointments/stylist-calendars/sync.ts";
import { database } from "../data/db.ts";
import { pruneHits } from "../data/rate-limits.ts";
import { beforeTenant } from "../data/tenant.ts";
import type { Bindings } from "../env.ts";
import { mailJob } from "../platform/mail/deliver.ts";
import { pruneWebhookEvents, webhookJob } from "../salon/webhooks/deliver.ts";
import { realClock, runAll, task, type Clock, type Job } from "./runner.ts";

/** Every background job, in the order each may wait for the ones before it. */
export const JOBS: readonly Job[] = [
  mailJob,
  summaryJob,
  webhookJob,
  pruneWebhookEvents,
  task({ name: "abandoned calls closed", run: ({ db, clock }) => closeAbandoned(db, clock.now()) }),
  task({ name: "transcripts forgotten", run: ({ db, clock }) => forgetTranscripts(db, clock.now()) }),
  task({ name: "rate-limit windows pruned", run: ({ db, clock }) => beforeTenant(db, (scope) => pruneHits(scope, clock.now())) }),
  task({ name: "old bookings linked", run: ({ db }) => linkOldBookings(db) }),
  task({ name: "stylist calendars", run: syncDueCalendars }),
  task({ name: "outreach", run: ({ env, db }) => advanceOutreach(env, placeOfferCall, db) }),
  reminderJob,
  messageJob,
];

/** One run of the cron: every job, on the clock given. Never rejects. */
export function runCron(env: Bindings, { clock = realClock, jobs = JOBS }: { clock?: Clock; jobs?: readonly Job[] } = {}): Promise<void> {
  return runAll(jobs, { env, db: database(env), clock });
}

export function runJobs(env: Bindings, ctx: Pick<ExecutionContext, "waitUntil">) {
  ctx.waitUntil(runCron(env));
}

export const scheduled: ExportedHandlerScheduledHandler<Bindings> = async (_controller, env, ctx) => runJobs(env, ctx);
