import { linkOldBooking, unlinkedAppointments, type UnlinkedAppointment } from "../data/clients.ts";
import type { Database } from "../data/db.ts";
import { beforeTenant, withTenant } from "../data/tenant.ts";

/** Appointments one cron run links at most: short transactions however many old bookings a salon has. */
const LINK_BATCH = 200;

/**
 * Links booked appointments made before clients were kept to their clients (the cron runs
 * this). Which ones wait is asked across salons; each salon's are then linked in a
 * transaction bound to that salon, so one salon's failure leaves the others linked.
 * Answers how many were linked.
 */
export async function linkOldBookings(db: Database, batch = LINK_BATCH): Promise<number> {
  const waiting = await beforeTenant(db, (scope) => unlinkedAppointments(scope, batch));
  const bySalon = new Map<string, UnlinkedAppointment[]>();
  for (const row of waiting) bySalon.set(row.salon_id, [...(bySalon.get(row.salon_id) ?? []), row]);
  let linked = 0;
  for (const rows of bySalon.values()) {
    const tenant = { salonId: rows[0]!.salon_id, userId: rows[0]!.owner_id };
    try {
      linked += await withTenant(db, tenant, async (scope) => {
        let count = 0;
        for (const row of rows) if (await linkOldBooking(scope, row.appointment_id)) count++;
        return count;
      });
    } catch (error) {
      console.error("linking old bookings failed for a salon", error);
    }
  }
  return linked;
}
