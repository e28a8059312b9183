import { z } from "zod/mini";

/**
 * Dates and instants as requests carry them. JavaScript rolls an impossible day over
 * (2031-02-31 reads as 3 March) and PostgreSQL knows no year 0000, so both are checked
 * here, field by field, before either sees them.
 */

/**
 * The years a date may name: room for any booking or day off, and far enough inside what
 * PostgreSQL and four-digit ISO years hold that no date computed from one (a range's end plus
 * a service's length, a search a month on) leaves it.
 */
export const YEARS = { first: 1900, last: 2999 } as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// An instant with its offset: 2026-11-23T14:00:00.000Z or 2026-11-23T15:00:00+01:00.
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** No zone is further than this from UTC (ISO 8601 and Temporal allow ±18:00). */
const MAX_OFFSET_HOURS = 18;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Whether the calendar has this day: 2028-02-29 yes, 2031-02-31 no. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const days = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/** The numbers of a date or an instant, or null when it is not written as one. */
function numbers(text: string, pattern: RegExp): number[] | null {
  const match = pattern.exec(text);
  return match ? match.slice(1).map((part) => Number(part ?? 0)) : null;
}

/** A day and time that exist: malformed text is left to the pattern's own message. */
function exists(text: string, pattern: RegExp): boolean {
  const parts = numbers(text, pattern);
  if (!parts) return true;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
  return isCalendarDay(year, month, day) && hour <= 23 && minute <= 59 && second <= 59;
}

function withinYears(text: string, pattern: RegExp): boolean {
  const year = numbers(text, pattern)?.[0];
  return year === undefined || (year >= YEARS.first && year <= YEARS.last);
}

/** An offset a zone can have, when one is written. */
function plausibleOffset(text: string): boolean {
  const [, , , , , , hours = 0, minutes = 0] = numbers(text, INSTANT) ?? [];
  return hours <= MAX_OFFSET_HOURS && minutes <= 59;
}

const dateChecks = (pattern: RegExp, error: string) =>
  [
    z.regex(pattern, { error }),
    z.refine<string>((text) => exists(text, pattern), { error: "validation.date.nonexistent" }),
    z.refine<string>((text) => withinYears(text, pattern), { error: "validation.date.years" }),
  ] as const;

/** A calendar day, "2026-12-24"; anything not written so reads `error`. */
export const calendarDate = (error: string) => z.string({ error }).check(...dateChecks(DATE, error));

/** An instant with its offset, "2026-11-23T15:00:00+01:00"; anything not written so reads `error`. */
export const instant = (error: string) => z.string({ error }).check(...dateChecks(INSTANT, error), z.refine(plausibleOffset, { error }));
