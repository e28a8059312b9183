import { CALENDAR_IMPORT_LIMITS } from "../../../contract/stylist-calendars.ts";
import type { Database } from "../../data/db.ts";
import { calendarToRead, claimDueCalendars, recordSync, type SyncOutcome } from "../../data/stylist-calendars.ts";
import { beforeTenant, withTenant, type Tenant } from "../../data/tenant.ts";
import type { Bindings } from "../../env.ts";
import type { JobRun } from "../../jobs/runner.ts";
import { outboundAddress } from "../../platform/http/outbound-address.ts";
import { busyTimes, NotACalendar } from "./busy-times.ts";
import { readCalendar } from "./read-calendar.ts";

const DAY_MS = 86_400_000;
/** Calendars one cron run reads, a few at a time. */
const BATCH = 12;
const AT_ONCE = 3;
/**
 * How long a claim holds a calendar: longer than a run's rounds of reads may take, each read
 * within its timeout, so a live read is never claimed twice.
 */
const LEASE_MS = Math.ceil(BATCH / AT_ONCE) * CALENDAR_IMPORT_LIMITS.timeoutMs * 2;

/** Whether an address may be read (platform/http/outbound-address.ts); it carries its calendar's secret. */
const readableAddress = (env: Pick<Bindings, "CALENDAR_HTTP_HOSTS">, url: string) => outboundAddress(url, env.CALENDAR_HTTP_HOSTS) === "ok";

/** Reads one stylist's calendar at `now` and keeps its busy times from then to the days ahead kept. */
export async function syncCalendar(env: Bindings, db: Database, tenant: Tenant, stylistId: string, now = new Date()): Promise<void> {
  const calendar = await withTenant(db, tenant, (scope) => calendarToRead(scope, stylistId));
  if (!calendar) return;
  const outcome = await readAndParse(env, calendar, now);
  await withTenant(db, tenant, (scope) => recordSync(scope, stylistId, calendar.url, outcome, now));
}

async function readAndParse(
  env: Bindings,
  calendar: { url: string; etag: string | null; last_modified: string | null; time_zone: string },
  now: Date,
): Promise<SyncOutcome> {
  if (!readableAddress(env, calendar.url)) return { kind: "failed", error: "unreachable" };
  const read = await readCalendar(calendar.url, { etag: calendar.etag, lastModified: calendar.last_modified });
  if (read.kind !== "read") return read;
  try {
    const busy = busyTimes(read.text, {
      from: now,
      until: new Date(now.getTime() + CALENDAR_IMPORT_LIMITS.days * DAY_MS),
      timeZone: calendar.time_zone,
      limit: CALENDAR_IMPORT_LIMITS.blocks,
    });
    return { kind: "read", busy, etag: read.etag, lastModified: read.lastModified };
  } catch (error) {
    if (error instanceof NotACalendar) return { kind: "failed", error: "not_calendar" };
    throw error;
  }
}

/**
 * The cron's part: claims the calendars due by the runner's clock and reads them, a few at a
 * time; one that fails does not stop the others, and one whose read died is read again once
 * its claim runs out.
 */
export async function syncDueCalendars({ env, db, clock }: JobRun): Promise<void> {
  const now = clock.now();
  const due = await beforeTenant(db, (scope) => claimDueCalendars(scope, BATCH, { at: now, until: new Date(now.getTime() + LEASE_MS) }));
  for (let at = 0; at < due.length; at += AT_ONCE) {
    const results = await Promise.allSettled(due.slice(at, at + AT_ONCE).map(({ id, ...tenant }) => syncCalendar(env, db, tenant, id, now)));
    for (const result of results) if (result.status === "rejected") console.error("calendar sync: a read failed", result.reason);
  }
}
