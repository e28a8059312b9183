import type { StatsPeriod } from "../../../contract/calls.ts";
import { DAY_MS, wallTime, weekdayIndex, zonedInstant } from "../../../contract/time-zone.ts";

/** A stats period as instants and as the salon's calendar days. */
export interface PeriodRange {
  /** The salon's midnight that starts the first day. */
  from: Date;
  /** The salon's midnight after the last day (exclusive). */
  to: Date;
  /** Every day of the period, "2026-11-23", oldest first. */
  days: string[];
}

/** A calendar date moved by whole days, as a UTC date (no zone involved). */
const shift = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The days a period covers in the salon's time zone, at `now`: today; this week from
 * Monday to Sunday; this month from the 1st to its last day; the last 30 days up to and
 * including today. Days run from midnight to midnight on the salon's clock, so a day
 * across a daylight-saving change lasts 23 or 25 hours.
 */
export function periodRange(period: StatsPeriod, timeZone: string, now = new Date()): PeriodRange {
  const today = wallTime(now, timeZone);
  const todayDate = new Date(Date.UTC(today.year, today.month - 1, today.day));
  let first: Date;
  let afterLast: Date;
  switch (period) {
    case "today":
      first = todayDate;
      afterLast = shift(todayDate, 1);
      break;
    case "this_week":
      first = shift(todayDate, -weekdayIndex(today.year, today.month, today.day));
      afterLast = shift(first, 7);
      break;
    case "this_month":
      first = new Date(Date.UTC(today.year, today.month - 1, 1));
      afterLast = new Date(Date.UTC(today.year, today.month, 1));
      break;
    case "last_30_days":
      first = shift(todayDate, -29);
      afterLast = shift(todayDate, 1);
      break;
  }
  const midnight = (date: Date) =>
    zonedInstant({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 0, minute: 0 }, timeZone);
  const days: string[] = [];
  for (let day = first; day < afterLast; day = shift(day, 1)) days.push(isoDay(day));
  return { from: midnight(first), to: midnight(afterLast), days };
}
