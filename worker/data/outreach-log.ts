import { OUTREACH_LIMITS, type OutreachLog, type OutreachSlot } from "../../contract/outreach.ts";
import { DataError, isViolation } from "./errors.ts";
import type { TenantScope } from "./tenant.ts";

/**
 * The outreach log: each freed time offered, newest first, with every offer made of it in the
 * order made. A page ends at a time of creation, and slots made in one transaction share
 * theirs, so a page holds all slots of its last instant (a few more than a page at most)
 * and the next page starts before it. The cursor keeps PostgreSQL's microseconds (so it is
 * sent as text: the driver would make a Date of a timestamptz parameter), since a millisecond
 * one would skip slots made within the same millisecond.
 */
export async function outreachLog({ sql, salonId }: TenantScope, before: string | undefined): Promise<OutreachLog> {
  const newer = before ? sql`and o.created_at < ${before}::text::timestamptz` : sql``;
  const slots = await sql<(OutreachSlot & { cursor: string; more: boolean })[]>`
    with edge as (
      select min(created_at) as at from (
        select o.created_at from outreach_slots o where o.salon_id = ${salonId} ${newer}
        order by o.created_at desc limit ${OUTREACH_LIMITS.page}
      ) page
    )
    select o.id, o.stylist_id as stylist, st.first_name || ' ' || st.last_name as stylist_name,
      o.start_at as start_datetime, o.end_at as end_datetime, o.trigger, o.status, o.appointment_id, o.created_at, o.closed_at,
      coalesce((
        select json_agg(json_build_object(
          'id', a.id, 'slot_id', a.slot_id, 'client_id', a.client_id, 'entry_id', a.entry_id, 'name', a.name, 'phone', a.phone,
          'channel', a.channel, 'start_datetime', a.start_at, 'end_datetime', a.end_at, 'status', a.status, 'reason', a.reason,
          'call_id', a.call_id, 'appointment_id', a.appointment_id, 'created_at', a.created_at, 'answered_at', a.answered_at
        ) order by a.created_at, a.id)
        from outreach_attempts a where a.salon_id = o.salon_id and a.slot_id = o.id
      ), '[]') as attempts,
      to_char(edge.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor,
      exists (select 1 from outreach_slots p where p.salon_id = o.salon_id and p.created_at < edge.at) as more
    from edge, outreach_slots o join stylists st on st.salon_id = o.salon_id and st.id = o.stylist_id
    where o.salon_id = ${salonId} ${newer} and o.created_at >= edge.at
    order by o.created_at desc, o.id`.catch((error: unknown) => {
    // A well-formed instant PostgreSQL has no day for (the year 0).
    if (isViolation(error, "22008")) throw new DataError("invalid", "validation.date", { field: "before" });
    throw error;
  });
  const last = slots.at(-1);
  return {
    slots: slots.map(({ cursor: _cursor, more: _more, ...slot }) => slot),
    next: last?.more ? last.cursor : null,
  };
}
