import type { TransactionSql } from "postgres";
import { addDays, dayOf, zonedInstant } from "../../contract/time-zone.ts";

/** Tomáš keeps his own Google calendar; the address is a made-up one, so reading it again here fails, as an unreachable one would. */
const DEMO_CALENDAR = {
  stylist: "Tomáš",
  url: "https://calendar.google.com/calendar/ical/tomas.dvorak.demo%40gmail.com/private-5d1c0e7a9b2f4c38a6e1/basic.ics",
};

/**
 * The demo's outside calendar: Tomáš's, read a few minutes ago, with a weekly course on
 * Wednesday afternoons and a day off, kept clear of the bookings he already has.
 */
export async function seedOutsideCalendar(tx: TransactionSql, ownerEmail: string): Promise<void> {
  const [stylist] = await tx<{ id: string; salon_id: string; time_zone: string }[]>`
    select t.id, t.salon_id, s.time_zone from stylists t join salons s on s.id = t.salon_id join users u on u.id = s.owner_id
    where u.email = ${ownerEmail} and t.first_name = ${DEMO_CALENDAR.stylist}`;
  if (!stylist) return;
  const { id, salon_id, time_zone } = stylist;
  const at = (date: string, time: string) =>
    zonedInstant({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)), hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)) }, time_zone);
  const today = dayOf(new Date(), time_zone);
  const days = Array.from({ length: 28 }, (_, index) => addDays(today, index + 1));
  const wednesdays = days.filter((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 3);
  const candidates = [
    ...wednesdays.map((date) => ({ start_at: at(date, "15:00"), end_at: at(date, "17:00") })),
    { start_at: at(days[9]!, "00:00"), end_at: at(days[10]!, "00:00") },
  ];
  const booked = await tx<{ start_at: Date; end_at: Date }[]>`
    select start_at, end_at from appointments where stylist_id = ${id} and status = 'booked' and end_at > now()`;
  const clear = candidates.filter((block) => !booked.some((visit) => visit.start_at < block.end_at && visit.end_at > block.start_at));

  await tx`insert into stylist_calendars ${tx({ salon_id, stylist_id: id, url: DEMO_CALENDAR.url, status: "ok", busy_count: clear.length })}`;
  await tx`update stylist_calendars set checked_at = now() - interval '4 minutes', synced_at = now() - interval '4 minutes',
             next_sync_at = now() + interval '26 minutes' where stylist_id = ${id}`;
  if (clear.length) await tx`insert into stylist_busy_blocks ${tx(clear.map((block) => ({ salon_id, stylist_id: id, ...block })))}`;
}
