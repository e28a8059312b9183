import { offsetMinutes, wallTime, zonedInstant } from "../../../contract/time-zone.ts";

/**
 * The calendar shows and edits times in the salon's time zone, whatever the browser's is.
 *
 * The calendar library knows only fixed UTC offsets, which would be an hour off across a
 * daylight-saving change. So every time handed to it, and every value of the modal's
 * date-time inputs, is a "wall" string: the salon's wall-clock time without an offset,
 * "2026-11-23T14:30", which both the library (as a floating time) and
 * <input type="datetime-local"> read as it is. The API's instants are converted here and
 * nowhere else.
 */
export type Wall = string;

const pad = (value: number) => String(value).padStart(2, "0");

const wallString = (year: number, month: number, day: number, hour: number, minute: number): Wall =>
  `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;

/** The salon's wall-clock time at an instant (an API date-time or a Date). */
export function toWall(instant: string | Date, timeZone: string): Wall {
  const wall = wallTime(new Date(instant), timeZone);
  return wallString(wall.year, wall.month, wall.day, wall.hour, wall.minute);
}

/** The ISO instant the salon's clock shows as `wall`, as the API takes it. */
export function toInstant(wall: Wall, timeZone: string): string {
  const [year, month, day, hour, minute] = (wall.match(/\d+/g) ?? []).map(Number);
  return zonedInstant({ year: year!, month: month!, day: day!, hour: hour ?? 0, minute: minute ?? 0 }, timeZone).toISOString();
}

/**
 * The wall time of a Date the library hands back (a drop, a selection, a range): it builds
 * them in the browser's zone from the wall-clock fields it was given, so the fields are the
 * salon's wall time.
 */
export const wallOfCalendarDate = (date: Date): Wall =>
  wallString(date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes());

/** `minutes` of real time after `wall`: an appointment across a clock change lasts what it lasts. */
export function addMinutes(wall: Wall, minutes: number, timeZone: string): Wall {
  return toWall(new Date(Date.parse(toInstant(wall, timeZone)) + minutes * 60_000), timeZone);
}

/** The salon's current offset as the library's timeZone option takes it ("+01:00"), for its "now" and "today". */
export function calendarOffset(timeZone: string, now = new Date()): string {
  const minutes = offsetMinutes(now, timeZone);
  const sign = minutes < 0 ? "-" : "+";
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** The calendar day of a wall time, "2026-11-23". */
export const wallDay = (wall: Wall) => wall.slice(0, 10);

/** The day after a calendar day, "2026-11-24". */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
