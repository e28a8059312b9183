import { CALENDAR_IMPORT_LIMITS, type CalendarError, type StylistCalendar } from "../../contract/stylist-calendars.ts";
import type { TenantRow } from "./client-messages.ts";
import { notFound } from "./errors.ts";
import type { PublicScope, TenantScope } from "./tenant.ts";

/*
 * Stylists' outside calendars, read by their secret iCal addresses, and the busy times kept
 * of them. The address itself stays here: the dashboard is shown its host and file only.
 */

/** A stretch an outside calendar says its owner is busy (epoch ms). */
export interface BusyTime {
  start: number;
  end: number;
}

const CALENDAR = `
  c.stylist_id as stylist, c.url as address, c.status, c.error, c.error_status,
  c.checked_at, c.synced_at, c.busy_count`;

/** An address without what makes it secret: its host and the last part of its path. */
const withoutSecret = (url: string) => {
  const { host, pathname } = new URL(url);
  const file = pathname.split("/").filter(Boolean).at(-1);
  return file ? `${host}/…/${file.length > 24 ? `${file.slice(0, 4)}…` : file}` : host;
};
const shown = (row: StylistCalendar): StylistCalendar => ({ ...row, address: withoutSecret(row.address) });

export async function listCalendars({ sql, salonId }: TenantScope): Promise<StylistCalendar[]> {
  const rows = await sql<StylistCalendar[]>`
    select ${sql.unsafe(CALENDAR)} from stylist_calendars c join stylists s on s.id = c.stylist_id and s.salon_id = c.salon_id
    where c.salon_id = ${salonId} order by s.first_name, s.last_name`;
  return rows.map(shown);
}

export async function getCalendar({ sql, salonId }: TenantScope, stylistId: string): Promise<StylistCalendar> {
  const [row] = await sql<StylistCalendar[]>`select ${sql.unsafe(CALENDAR)} from stylist_calendars c where c.salon_id = ${salonId} and c.stylist_id = ${stylistId}`;
  if (!row) throw notFound();
  return shown(row);
}

/** Links a stylist's outside calendar, or gives them another: read again from scratch, at once. */
export async function saveCalendar({ sql, salonId }: TenantScope, stylistId: string, url: string): Promise<void> {
  const [stylist] = await sql`select 1 from stylists where salon_id = ${salonId} and id = ${stylistId}`;
  if (!stylist) throw notFound();
  await sql`
    insert into stylist_calendars (salon_id, stylist_id, url) values (${salonId}, ${stylistId}, ${url})
    on conflict (stylist_id) do update set url = excluded.url, etag = null, last_modified = null, status = 'pending',
      error = null, error_status = null, next_sync_at = now(), updated_at = now()
      where stylist_calendars.url is distinct from excluded.url or stylist_calendars.status = 'error'`;
}

/** Unlinks it; its busy times go with it. */
export async function removeCalendar({ sql, salonId }: TenantScope, stylistId: string): Promise<void> {
  const rows = await sql`delete from stylist_calendars where salon_id = ${salonId} and stylist_id = ${stylistId} returning 1`;
  if (rows.length === 0) throw notFound();
}

/** What a read of the calendar needs: its address, what the last copy was, and the salon's clock. */
export async function calendarToRead({ sql, salonId }: TenantScope, stylistId: string) {
  const [row] = await sql<{ url: string; etag: string | null; last_modified: string | null; time_zone: string }[]>`
    select c.url, c.etag, c.last_modified, s.time_zone
    from stylist_calendars c join salons s on s.id = c.salon_id
    where c.salon_id = ${salonId} and c.stylist_id = ${stylistId}`;
  return row;
}

/** What a read came to, and when to read again. */
export type SyncOutcome =
  | { kind: "unchanged" }
  | { kind: "read"; busy: BusyTime[]; etag: string | null; lastModified: string | null }
  | { kind: "failed"; error: CalendarError; status?: number };

/**
 * Records a read of `url`: a good one replaces the stylist's busy times with the calendar's; a
 * failed one keeps those of the last good read and says what went wrong. A read of an address
 * the owner has changed or removed meanwhile is dropped.
 */
export async function recordSync({ sql, salonId }: TenantScope, stylistId: string, url: string, outcome: SyncOutcome, now: Date): Promise<void> {
  const [current] = await sql`select 1 from stylist_calendars where salon_id = ${salonId} and stylist_id = ${stylistId} and url = ${url} for update`;
  if (!current) return;
  const minutes = outcome.kind === "failed" ? CALENDAR_IMPORT_LIMITS.retryMinutes : CALENDAR_IMPORT_LIMITS.everyMinutes;
  const next = new Date(now.getTime() + minutes * 60_000);
  if (outcome.kind === "failed") {
    await sql`
      update stylist_calendars set status = 'error', error = ${outcome.error}, error_status = ${outcome.status ?? null},
        checked_at = ${now}, next_sync_at = ${next}
      where salon_id = ${salonId} and stylist_id = ${stylistId}`;
    return;
  }
  if (outcome.kind === "read") {
    await sql`delete from stylist_busy_blocks where salon_id = ${salonId} and stylist_id = ${stylistId}`;
    const rows = outcome.busy.map((busy) => ({ salon_id: salonId, stylist_id: stylistId, start_at: new Date(busy.start), end_at: new Date(busy.end) }));
    for (let at = 0; at < rows.length; at += 500) await sql`insert into stylist_busy_blocks ${sql(rows.slice(at, at + 500))}`;
  }
  await sql`
    update stylist_calendars set status = 'ok', error = null, error_status = null, checked_at = ${now}, synced_at = ${now}, next_sync_at = ${next},
      ${outcome.kind === "read" ? sql`etag = ${outcome.etag}, last_modified = ${outcome.lastModified},` : sql``}
      busy_count = (select count(*) from stylist_busy_blocks b where b.salon_id = ${salonId} and b.stylist_id = ${stylistId})
    where salon_id = ${salonId} and stylist_id = ${stylistId}`;
}

/**
 * Claims calendars across salons due at `at` for one read each, held until `until` (none is
 * claimed twice meanwhile), and says whose they are.
 */
export function claimDueCalendars({ sql }: PublicScope, batch: number, { at, until }: { at: Date; until: Date }): Promise<TenantRow[]> {
  return sql<TenantRow[]>`
    select stylist_id as id, salon_id as "salonId", owner_id as "userId" from claim_stylist_calendars(${batch}, ${at}, ${until})`;
}
