import type { TransactionSql } from "postgres";
import type { BusinessHours } from "../../contract/salon.ts";
import { freeSlots, type Busy, type Slot, type StylistSchedule } from "./free-slots.ts";

export interface SlotQuery {
  from: Date;
  to: Date;
  duration: number;
  stylistId?: string;
  notBefore?: Date;
  /** An appointment being moved does not block its own new time. */
  ignoreAppointmentId?: string;
}

/**
 * Free start times of the salon bound to `tx` (see inSalon): its hours, its active
 * stylists and their booked appointments, read in one transaction.
 */
export async function findFreeSlots(tx: TransactionSql, salonId: string, query: SlotQuery): Promise<Slot[]> {
  const [salon] = await tx<{ time_zone: string; business_hours: BusinessHours }[]>`
    select time_zone, business_hours from salons where id = ${salonId}`;
  if (!salon) return [];
  const stylists = await tx<StylistSchedule[]>`
    select id, working_hours, time_off from stylists
    where salon_id = ${salonId} and is_active ${query.stylistId ? tx`and id = ${query.stylistId}` : tx``}
    order by first_name, last_name`;
  const busy = await tx<Busy[]>`
    select stylist_id, (extract(epoch from start_at) * 1000)::float8 as start, (extract(epoch from end_at) * 1000)::float8 as end
    from appointments
    where salon_id = ${salonId} and status = 'booked'
      and start_at < ${new Date(query.to.getTime() + query.duration * 60_000)} and end_at > ${query.from}
      ${query.ignoreAppointmentId ? tx`and id <> ${query.ignoreAppointmentId}` : tx``}`;
  return freeSlots({
    timeZone: salon.time_zone,
    businessHours: salon.business_hours,
    stylists,
    busy,
    from: query.from,
    to: query.to,
    duration: query.duration,
    notBefore: query.notBefore,
  });
}
