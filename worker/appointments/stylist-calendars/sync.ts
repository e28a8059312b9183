import { CALENDAR_IMPORT_LIMITS } from "../../../contract/stylist-calendars.ts";
import type { Database } from "../../data/db.ts";
import { calendarToRead, dueCalendars, recordSync, type SyncOutcome } from "../../data/stylist-calendars.ts";
import { beforeTenant, withTenant, type Tenant } from "../../data/tenant.ts";
import type { Bindings } from "../../env.ts";
import { outboundAddress } from "../../platform/http/outbound-address.ts";
import { busyTimes, NotACalendar } from "./busy-times.ts";
import { readCalendar } from "./read-calendar.ts";

const DAY_MS = 86_400_000;
/** Calendars one cron run reads, a few at a time. */
const BATCH = 12;
const AT_ONCE = 3;

/** Whether an address may be read (platform/http/outbound-address.ts); it carries its calendar's secret. */
const readableAddress = (env: Pick<Bindings, "CALENDAR_HTTP_HOSTS">, url: string) => outboundAddress(url, env.CALENDAR_HTTP_HOSTS) === "ok";

/** Reads one stylist's calendar and keeps its busy times from now to the days ahead kept. */
export async function syncCalendar(env: Bindings, db: Database, tenant: Tenant, stylistId: string): Promise<void> {
  const calendar = await withTenant(db, tenant, (scope) => calendarToRead(scope, stylistId));
  if (!calendar) return;
  const outcome = await readAndParse(env, calendar);
  await withTenant(db, tenant, (scope) => recordSync(scope, stylistId, calendar.url, outcome));
}

async function readAndParse(env: Bindings, calendar: { url: string; etag: string | null; last_modified: string | null; time_zone: string }): Promise<SyncOutcome> {
  if (!readableAddress(env, calendar.url)) return { kind: "failed", error: "unreachable" };
  const read = await readCalendar(calendar.url, { etag: calendar.etag, lastModified: calendar.last_modified });
  if (read.kind !== "read") return read;
  const now = Date.now();
  try {
    const busy = busyTimes(read.text, {
      from: new Date(now),
      until: new Date(now + CALENDAR_IMPORT_LIMITS.days * DAY_MS),
      timeZone: calendar.time_zone,
      limit: CALENDAR_IMPORT_LIMITS.blocks,
    });
    return { kind: "read", busy, etag: read.etag, lastModified: read.lastModified };
  } catch (error) {
    if (error instanceof NotACalendar) return { kind: "failed", error: "not_calendar" };
    throw error;
  }
}

/** The cron's part: reads the calendars due, a few at a time; one that fails does not stop the others. */
export async function syncDueCalendars(env: Bindings, db: Database): Promise<void> {
  const due = await beforeTenant(db, (scope) => dueCalendars(scope, BATCH));
  for (let at = 0; at < due.length; at += AT_ONCE) {
    const results = await Promise.allSettled(due.slice(at, at + AT_ONCE).map(({ id, ...tenant }) => syncCalendar(env, db, tenant, id)));
    for (const result of results) if (result.status === "rejected") console.error("calendar sync: a read failed", result.reason);
  }
}
