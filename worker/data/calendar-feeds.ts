import { CALENDAR_FEED_LIMITS, type CalendarFeed, type CalendarFeeds } from "../../contract/calendar-feeds.ts";
import type { Language } from "../../contract/languages.ts";
import { DataError, isViolation } from "./errors.ts";
import { FULL_NAME } from "./stylists.ts";
import type { PublicScope, Tenant, TenantScope } from "./tenant.ts";

const feedJson = "json_build_object('id', f.id, 'token', f.token)";

/** The salon's feed and one row per stylist, active ones first, with the feed each has. */
export async function calendarFeeds({ sql, salonId }: TenantScope): Promise<CalendarFeeds> {
  const [row] = await sql<CalendarFeeds[]>`
    select
      (select ${sql.unsafe(feedJson)} from calendar_feeds f where f.salon_id = ${salonId} and f.stylist_id is null) as salon,
      coalesce((
        select json_agg(json_build_object('id', st.id, 'name', ${sql.unsafe(FULL_NAME)}, 'is_active', st.is_active,
          'feed', (select ${sql.unsafe(feedJson)} from calendar_feeds f where f.salon_id = st.salon_id and f.stylist_id = st.id))
          order by not st.is_active, st.first_name, st.last_name)
        from stylists st where st.salon_id = ${salonId}
      ), '[]') as stylists`;
  return row!;
}

/**
 * Gives the salon's feed, or a stylist's, a new address: the old one stops answering with this
 * transaction. A stylist of another salon is not found.
 */
export async function renewCalendarFeed(
  { sql, salonId }: TenantScope,
  stylistId: string | null,
  token: string,
  tokenHash: Uint8Array,
): Promise<CalendarFeed> {
  if (stylistId) {
    const [stylist] = await sql`select 1 from stylists where salon_id = ${salonId} and id = ${stylistId}`;
    if (!stylist) throw new DataError("not_found", "calendarFeeds.error.stylistNotFound", { code: "not_found", field: "stylist_id" });
  }
  try {
    const [feed] = await sql.savepoint(
      (sp) => sp<CalendarFeed[]>`
        insert into calendar_feeds (salon_id, stylist_id, token, token_hash)
        values (${salonId}, ${stylistId}, ${token}, ${tokenHash})
        on conflict on constraint calendar_feeds_one_each
        do update set token = excluded.token, token_hash = excluded.token_hash, created_at = now()
        returning id, token`,
    );
    return feed!;
  } catch (error) {
    // The stylist was deleted a moment ago.
    if (isViolation(error, "23503")) throw new DataError("not_found", "calendarFeeds.error.stylistNotFound", { code: "not_found", field: "stylist_id" });
    throw error;
  }
}

/** Revokes a feed: its address answers 404 from now on. */
export async function revokeCalendarFeed({ sql, salonId }: TenantScope, feedId: string): Promise<void> {
  const gone = await sql`delete from calendar_feeds where salon_id = ${salonId} and id = ${feedId}`;
  if (gone.count === 0) throw new DataError("not_found", "calendarFeeds.error.notFound", { code: "not_found" });
}

/** Whose feed a token's hash names, before any salon is known; undefined for none. */
export async function calendarFeedTenant({ sql }: PublicScope, tokenHash: Uint8Array): Promise<(Tenant & { feedId: string }) | undefined> {
  const [row] = await sql<(Tenant & { feedId: string })[]>`
    select salon_id as "salonId", owner_id as "userId", feed_id as "feedId" from calendar_feed_tenant(${tokenHash})`;
  return row;
}

export interface FeedAppointment {
  id: string;
  start_at: Date;
  end_at: Date;
  updated_at: Date;
  stylist_name: string;
  customer_name: string | null;
  customer_phone: string | null;
  notes: string | null;
  services: string[];
}

/** A stylist's days off, busy the whole day. */
export interface FeedTimeOff {
  stylist_id: string;
  stylist_name: string;
  updated_at: Date;
  start_date: string;
  /** The last day off, inclusive. */
  end_date: string;
  note: string | null;
}

export interface FeedContents {
  salon: { name: string; time_zone: string; language: Language };
  /** None for the salon's feed. */
  stylist: string | null;
  appointments: FeedAppointment[];
  timeOff: FeedTimeOff[];
}

/** What a feed shows: its salon's booked appointments (its stylist's only, for a stylist's feed) around today. */
export async function calendarFeedContents({ sql, salonId }: TenantScope, feedId: string): Promise<FeedContents | undefined> {
  const [feed] = await sql<{ stylist_id: string | null; stylist: string | null; salon: FeedContents["salon"] }[]>`
    select f.stylist_id, (select ${sql.unsafe(FULL_NAME)} from stylists st where st.id = f.stylist_id) as stylist,
      json_build_object('name', s.name, 'time_zone', s.time_zone, 'language', u.language) as salon
    from calendar_feeds f join salons s on s.id = f.salon_id join users u on u.id = s.owner_id
    where f.salon_id = ${salonId} and f.id = ${feedId}`;
  if (!feed) return undefined;
  const { daysBack, daysAhead, events } = CALENDAR_FEED_LIMITS;
  const appointments = await sql<FeedAppointment[]>`
    select a.id, a.start_at, a.end_at, a.updated_at, a.stylist_name, a.customer_name, a.customer_phone, a.notes,
      to_json(array(select s.service_name from appointment_services s where s.appointment_id = a.id order by s.position)) as services
    from appointments a
    where a.salon_id = ${salonId} and a.status = 'booked'
      ${feed.stylist_id ? sql`and a.stylist_id = ${feed.stylist_id}` : sql``}
      and a.start_at >= now() - make_interval(days => ${daysBack})
      and a.start_at < now() + make_interval(days => ${daysAhead})
    -- Past the cap, upcoming appointments are kept before those already over.
    order by a.end_at < now(), a.start_at, a.id
    limit ${events}`;
  const timeOff = await sql<FeedTimeOff[]>`
    select st.id as stylist_id, ${sql.unsafe(FULL_NAME)} as stylist_name, st.updated_at,
      t->>'start_date' as start_date, t->>'end_date' as end_date, nullif(t->>'note', '') as note
    from stylists st cross join jsonb_array_elements(st.time_off) t
    where st.salon_id = ${salonId}
      ${feed.stylist_id ? sql`and st.id = ${feed.stylist_id}` : sql`and st.is_active`}
      and (t->>'end_date')::date >= current_date - ${daysBack}::int
      and (t->>'start_date')::date < current_date + ${daysAhead}::int
    order by t->>'start_date', st.first_name, st.last_name`;
  return { salon: feed.salon, stylist: feed.stylist, appointments, timeOff };
}
