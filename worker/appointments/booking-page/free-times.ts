import type { BookableService, BookingTimes } from "../../../contract/booking-page.ts";
import { addDays, dayOf, dayStart } from "../../../contract/time-zone.ts";
import { findFreeSlots } from "../availability/find.ts";
import type { BookingPage } from "../../data/booking-pages.ts";
import type { TenantScope } from "../../data/tenant.ts";

/** When a visitor may book: not before the notice has passed, not beyond the horizon's last day. */
export interface BookingWindow {
  firstDay: string;
  lastDay: string;
  notBefore: Date;
  /** The end of the last day. */
  until: Date;
}

export function bookingWindow(page: BookingPage, now: Date): BookingWindow {
  const timeZone = page.salon.time_zone;
  const firstDay = dayOf(now, timeZone);
  const lastDay = addDays(firstDay, page.horizon_days);
  return {
    firstDay,
    lastDay,
    notBefore: new Date(now.getTime() + page.min_notice_minutes * 60_000),
    until: dayStart(addDays(lastDay, 1), timeZone),
  };
}

/** The days from `from` on, at most `count`, that lie inside the window. */
function daysAsked(window: BookingWindow, from: string, count: number): string[] {
  const days: string[] = [];
  for (let date = from < window.firstDay ? window.firstDay : from; date <= window.lastDay && days.length < count; date = addDays(date, 1)) days.push(date);
  return days;
}

/**
 * The free start times a visitor is offered, day by day on the salon's clock, for the
 * services chosen (their minutes summed) with one stylist or anyone (whose times are merged),
 * from the same search as the dashboard's and the receptionist's.
 */
export async function freeTimes(
  scope: TenantScope,
  page: BookingPage,
  window: BookingWindow,
  asked: { services: BookableService[]; stylist: string | null; from: string; days: number },
): Promise<BookingTimes> {
  const timeZone = page.salon.time_zone;
  const days = daysAsked(window, asked.from, asked.days);
  if (!days.length) return { time_zone: timeZone, days: [], next: null };
  const after = addDays(days.at(-1)!, 1);
  const slots = await findFreeSlots(scope, {
    from: dayStart(days[0]!, timeZone),
    to: dayStart(after, timeZone),
    duration: asked.services.reduce((sum, service) => sum + service.duration, 0),
    stylistId: asked.stylist ?? undefined,
    notBefore: window.notBefore,
    step: page.slot_step,
    onlineOnly: true,
  });
  const byDay = new Map(days.map((date) => [date, new Set<number>()]));
  for (const slot of slots) byDay.get(dayOf(new Date(slot.start), timeZone))?.add(slot.start);
  return {
    time_zone: timeZone,
    days: days.map((date) => ({ date, times: [...byDay.get(date)!].map((start) => new Date(start).toISOString()) })),
    next: after <= window.lastDay ? after : null,
  };
}
