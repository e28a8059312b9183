/**
 * Wall-clock time in a salon's IANA time zone, without a date library: Intl knows every
 * zone's offsets, including daylight-saving changes.
 */

export interface WallTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const ZONE_NAME = /^[A-Za-z][\w+-]*(\/[\w+-]+)*$/;

/**
 * An IANA zone's name ("Europe/Prague", "UTC") that Intl knows. Fixed offsets such as "+05:30"
 * are not names: PostgreSQL would read them as POSIX zones, counted west of Greenwich, the
 * opposite of what they say. Whether PostgreSQL knows a name too is the database's to check.
 */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A calendar day's length in milliseconds, as UTC counts it (a zone's day may be an hour off around a clock change). */
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time in `timeZone` at the instant `date`. */
export function wallTime(date: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(date)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** Minutes `timeZone` is ahead of UTC at the instant `date` (Prague: 60 in winter, 120 in summer). */
export function offsetMinutes(date: Date, timeZone: string): number {
  const wall = wallTime(date, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return Math.round((asUtc - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant at which `timeZone` shows this wall-clock time. A time repeated in autumn
 * gives its first occurrence; a time skipped in spring is read with the offset before the
 * change (02:30 becomes 03:30).
 */
export function zonedInstant({ year, month, day, hour, minute }: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // A zone changes its offset at most once around a given day: the offsets a day before
  // and a day after are the only readings to try.
  const before = asUtc - offsetMinutes(new Date(asUtc - DAY_MS), timeZone) * 60_000;
  const after = asUtc - offsetMinutes(new Date(asUtc + DAY_MS), timeZone) * 60_000;
  const shows = (instant: number) => {
    const wall = wallTime(new Date(instant), timeZone);
    return wall.day === day && wall.hour === hour && wall.minute === minute;
  };
  const matches = [before, after].filter(shows);
  return new Date(matches.length ? Math.min(...matches) : before);
}

/** Day of the week of a calendar date, 0 = Monday … 6 = Sunday. */
export function weekdayIndex(year: number, month: number, day: number): number {
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** "2026-03-09" for 9 March 2026. */
export const isoDate = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** "HH:MM" → minutes after midnight. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The calendar day an instant falls on in a zone, "2026-03-09". */
export function dayOf(instant: Date, timeZone: string): string {
  const wall = wallTime(instant, timeZone);
  return isoDate(wall.year, wall.month, wall.day);
}

/** The calendar day `days` after (or before) `date`. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The instant a calendar day begins in a zone. */
export function dayStart(date: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return zonedInstant({ year, month, day, hour: 0, minute: 0 }, timeZone);
}
