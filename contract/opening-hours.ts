import type { BusinessHours, TimeOff, Weekday, WorkingDay, WorkingHours } from "./salon-basics.ts";
import { minutesOf, weekdayIndex } from "./time-zone.ts";

/**
 * When a stylist can be booked: the salon's opening hours cut with the stylist's shifts, and
 * nothing on their time off. The free-slot search books only inside these hours; the
 * calendar shades what lies outside them and warns before an owner books there anyway. Times
 * are the salon's wall clock: calendar days "2026-11-23" and "HH:MM" or minutes after midnight.
 */

/** What a stylist's hours and days away are read from. */
export interface Schedule {
  working_hours: WorkingHours;
  time_off: readonly TimeOff[];
}

/** A stretch of one day, "HH:MM" to "HH:MM". */
export interface Period {
  from: string;
  to: string;
}

/** Why a time lies outside the hours it would be booked in; one entry per rule it breaks. */
export type OutsideHours =
  | { kind: "salonClosedDay"; date: string }
  | { kind: "salonClosedTime"; date: string; hours: Period }
  | { kind: "dayOff"; date: string }
  | { kind: "outsideShift"; date: string; hours: Period }
  | { kind: "break"; date: string; hours: Period }
  | { kind: "timeOff"; date: string; timeOff: TimeOff };

const DAY_MINUTES = 24 * 60;

/** The weekday key of a calendar day, "0" (Monday) to "6". */
export const weekdayOf = (date: string) => String(weekdayIndex(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)))) as `${Weekday}`;

/** The stylist's time off that covers the day, if any. */
export const timeOffOn = (schedule: Schedule, date: string) => schedule.time_off.find((entry) => entry.start_date <= date && date <= entry.end_date);

/**
 * A working day's shifts in order. A day given only as morning start and afternoon end (the
 * older shape) is one stretch without a break.
 */
export function shiftsOf(day: WorkingDay): Period[] {
  const pairs =
    day.morning_end === null && day.afternoon_start === null
      ? [[day.morning_start, day.afternoon_end]]
      : [
          [day.morning_start, day.morning_end],
          [day.afternoon_start, day.afternoon_end],
        ];
  return pairs.flatMap(([from, to]) => (from && to ? [{ from, to }] : []));
}

/** From the start of a day's first shift to the end of its last. */
export function workdayOf(shifts: readonly Period[]): Period | null {
  const [first, last] = [shifts[0], shifts.at(-1)];
  return first && last ? { from: first.from, to: last.to } : null;
}

/** The time between a day's two shifts, when there is any. */
export function breakOf(shifts: readonly Period[]): Period | null {
  const [morning, afternoon] = shifts;
  return morning && afternoon && minutesOf(morning.to) < minutesOf(afternoon.from) ? { from: morning.to, to: afternoon.from } : null;
}

/**
 * The stretches of a day (minutes after midnight) in which the stylist can be booked: their
 * shifts inside the salon's opening hours. Shifts that meet make one stretch, so a booking
 * may run from one into the next.
 */
export function bookableSpans(businessHours: BusinessHours, schedule: Schedule, date: string): [number, number][] {
  const weekday = weekdayOf(date);
  const open = businessHours[weekday];
  const day = schedule.working_hours[weekday];
  if (!open || !day || timeOffOn(schedule, date)) return [];
  const spans: [number, number][] = [];
  for (const shift of shiftsOf(day)) {
    const from = Math.max(minutesOf(shift.from), minutesOf(open.open));
    const to = Math.min(minutesOf(shift.to), minutesOf(open.close));
    if (from >= to) continue;
    const last = spans.at(-1);
    if (last && last[1] >= from) last[1] = Math.max(last[1], to);
    else spans.push([from, to]);
  }
  return spans;
}

/** What of [from, to) on one day (minutes after midnight) lies outside the salon's and the stylist's hours. */
function outsideOnDay(businessHours: BusinessHours, schedule: Schedule | null, date: string, from: number, to: number): OutsideHours[] {
  const weekday = weekdayOf(date);
  const reasons: OutsideHours[] = [];
  const open = businessHours[weekday];
  if (!open) reasons.push({ kind: "salonClosedDay", date });
  else if (from < minutesOf(open.open) || to > minutesOf(open.close)) reasons.push({ kind: "salonClosedTime", date, hours: { from: open.open, to: open.close } });
  if (!schedule) return reasons;

  const away = timeOffOn(schedule, date);
  const day = schedule.working_hours[weekday];
  if (away) return [...reasons, { kind: "timeOff", date, timeOff: away }];
  if (!day) return [...reasons, { kind: "dayOff", date }];
  const shifts = shiftsOf(day);
  const workday = workdayOf(shifts);
  if (workday && (from < minutesOf(workday.from) || to > minutesOf(workday.to))) reasons.push({ kind: "outsideShift", date, hours: workday });
  const pause = breakOf(shifts);
  if (pause && from < minutesOf(pause.to) && to > minutesOf(pause.from)) reasons.push({ kind: "break", date, hours: pause });
  return reasons;
}

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MINUTES * 60_000).toISOString().slice(0, 10);

/** An appointment longer than this is not checked day by day past it. */
const MAX_DAYS = 31;

/**
 * Why booking the stylist (or, without one, just the salon) from `start` to `end` breaks
 * the hours: wall-clock times "2026-11-23T14:30". Empty when it fits, which is exactly when
 * it lies inside one of the day's bookableSpans. A booking past midnight is checked on each
 * day it touches; a rule broken on several days is named once, for its first day.
 */
export function outsideHours(businessHours: BusinessHours, schedule: Schedule | null, start: string, end: string): OutsideHours[] {
  const reasons: OutsideHours[] = [];
  const endDate = end.slice(0, 10);
  let date = start.slice(0, 10);
  for (let day = 0; date <= endDate && day < MAX_DAYS; day++, date = nextDate(date)) {
    const from = date === start.slice(0, 10) ? minutesOf(start.slice(11, 16)) : 0;
    const to = date === endDate ? minutesOf(end.slice(11, 16)) : DAY_MINUTES;
    if (from >= to && day > 0) break;
    for (const reason of outsideOnDay(businessHours, schedule, date, from, to)) {
      if (!reasons.some((known) => known.kind === reason.kind)) reasons.push(reason);
    }
  }
  return reasons;
}
