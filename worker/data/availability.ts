import type { BusinessHours } from "../../contract/salon.ts";
import type { AvailabilityInput, Busy, StylistSchedule } from "../appointments/availability/free-slots.ts";
import type { TenantScope } from "./tenant.ts";

export interface SlotQuery {
  from: Date;
  to: Date;
  duration: number;
  stylistId?: string;
  notBefore?: Date;
  /** An appointment being moved does not block its own new time. */
  ignoreAppointmentId?: string;
  /** Start times on this grid of the salon's clock (minutes); free-slots.ts's by default. */
  step?: number;
  /** Only the stylists the salon's booking page offers. */
  onlineOnly?: boolean;
}

/**
 * What a free-slot search needs, read in the caller's transaction: the salon's hours and
 * clock, its active stylists' schedules, and their bookings and outside calendars' busy times around the range. Null when the
 * salon is gone.
 */
export async function availabilityInput(scope: TenantScope, query: SlotQuery): Promise<AvailabilityInput | null> {
  const { sql, salonId } = scope;
  // Sent together: one round trip to the database instead of three.
  const [[salon], stylists, busy] = await Promise.all([
    sql<{ time_zone: string; business_hours: BusinessHours }[]>`
      select time_zone, business_hours from salons where id = ${salonId}`,
    sql<StylistSchedule[]>`
      select id, working_hours, time_off from stylists
      where salon_id = ${salonId} and is_active ${query.stylistId ? sql`and id = ${query.stylistId}` : sql``}
        ${query.onlineOnly ? sql`and bookable_online` : sql``}
      order by first_name, last_name`,
    sql<Busy[]>`
      select stylist_id, (extract(epoch from start_at) * 1000)::float8 as start, (extract(epoch from end_at) * 1000)::float8 as end
      from appointments
      where salon_id = ${salonId} and status = 'booked'
        and start_at < ${new Date(query.to.getTime() + query.duration * 60_000)} and end_at > ${query.from}
        ${query.ignoreAppointmentId ? sql`and id <> ${query.ignoreAppointmentId}` : sql``}
      union all
      -- Busy in a stylist's own calendar counts like a booking.
      select stylist_id, (extract(epoch from start_at) * 1000)::float8, (extract(epoch from end_at) * 1000)::float8
      from stylist_busy_blocks
      where salon_id = ${salonId} and start_at < ${new Date(query.to.getTime() + query.duration * 60_000)} and end_at > ${query.from}`,
  ]);
  if (!salon) return null;
  return {
    timeZone: salon.time_zone,
    businessHours: salon.business_hours,
    stylists,
    busy,
    from: query.from,
    to: query.to,
    duration: query.duration,
    notBefore: query.notBefore,
    step: query.step,
  };
}
