/**
 * Dates typed the way the reader's language writes them: "11/26/2026" in American English,
 * "26.11.2026" in German, "26. 11. 2026" in Czech, a two-digit year, the year left out
 * ("26.11." is this year's), or ISO "2026-11-26" in any language. The draft keeps
 * "YYYY-MM-DD", as the contract sends it; what cannot be read stays as typed, so the form's
 * check names it.
 */

import { YEARS } from "../../../contract/dates.ts";
import { utcFormat, writingLocale } from "./writing-locale.ts";

type DatePart = "day" | "month" | "year";

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
// Numbers apart by dots, slashes, dashes or spaces, and a trailing dot ("26.11.").
const NUMBERS = /^\d{1,4}(?:\s*[./-]\s*|\s+)\d{1,2}(?:(?:\s*[./-]\s*|\s+)\d{1,4})?\.?$/;
const WRITTEN = { year: "numeric", month: "numeric", day: "numeric" } as const;
const SAMPLE = Date.UTC(2026, 10, 26);

/** The locale dates are written in, and the order of day, month and year in it. */
export function dateConvention(language: string, browserLanguages?: readonly string[]): { locale: string; order: DatePart[] } {
  const locale = writingLocale(language, browserLanguages);
  const order = utcFormat(locale, WRITTEN)
    .formatToParts(SAMPLE)
    .flatMap((part) => (part.type === "day" || part.type === "month" || part.type === "year" ? [part.type] : []));
  return { locale, order };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** "YYYY-MM-DD" of a day the calendar has, in the years a date may name. */
function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < YEARS.first || year > YEARS.last || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** "YYYY-MM-DD" of a typed date, or null when it is not one. A year of two digits is this century's. */
export function readDate(text: string, order: readonly DatePart[], today = new Date()): string | null {
  const compact = text.trim();
  const iso = ISO.exec(compact);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  if (!NUMBERS.test(compact)) return null;
  const numbers = compact.match(/\d+/g)!;
  const parts = numbers.length === 3 ? order : order.filter((part) => part !== "year");
  const value = (part: DatePart) => numbers[parts.indexOf(part)];
  const year = value("year");
  if (year !== undefined && year.length !== 2 && year.length !== 4) return null;
  if (value("day")!.length > 2 || value("month")!.length > 2) return null;
  const fullYear = year === undefined ? today.getFullYear() : year.length === 2 ? 2000 + Number(year) : Number(year);
  return isoDay(fullYear, Number(value("month")), Number(value("day")));
}

/** A draft's date as the reader writes it ("26.11.2026"); anything else as it is. */
export function showDate(value: string, locale: string): string {
  const iso = ISO.exec(value);
  if (!iso || value.length !== 10) return value;
  return utcFormat(locale, WRITTEN).format(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])));
}

/** How the locale writes a date, with the reader's letters for each part: "TT.MM.JJJJ", "MM/DD/YYYY". */
export function datePattern(locale: string, letters: Record<DatePart, string>): string {
  return utcFormat(locale, { year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(SAMPLE)
    .map((part) => (part.type === "day" || part.type === "month" || part.type === "year" ? letters[part.type] : part.value))
    .join("");
}

/** The day `days` after a "YYYY-MM-DD" date (before it when negative). */
export function addDays(value: string, days: number): string {
  const date = new Date(`${value}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Today in the browser's calendar, "YYYY-MM-DD". */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
