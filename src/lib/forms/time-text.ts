/**
 * Times typed as people type them: "9", "930", "9:30", "09.30", "9:30 pm". The draft keeps
 * "HH:MM", as the contract sends it; what cannot be read stays as typed, so the form's check
 * names it.
 */

import { utcFormat, writingLocale } from "./writing-locale.ts";

const TYPED = /^(\d{1,2})(?:[:.h]?(\d{2}))?\s*(a|am|p|pm)?\.?$/i;

/** "HH:MM" of a typed time, or null when it is not one. */
export function readTime(text: string): string | null {
  const compact = text.trim().replace(/\s+/g, " ").replace(/\.m\.?$/i, "m");
  // Three or four digits in a row are hours and minutes: "930" is 09:30, "1745" 17:45.
  const digits = /^\d{3,4}$/.test(compact) ? `${compact.slice(0, -2)}:${compact.slice(-2)}` : compact;
  const match = TYPED.exec(digits);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const meridiem = match[3]?.[0]?.toLowerCase();
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === "p" ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A draft's time as the reader writes it ("09:30", or "9:30 AM" on a 12-hour clock); anything else as it is. */
export function showTime(value: string, locale: string, hour12: boolean): string {
  const match = HHMM.exec(value);
  if (!match) return value;
  return utcFormat(locale, { hour: hour12 ? "numeric" : "2-digit", minute: "2-digit", hour12 }).format(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
}

/**
 * The locale times are written in, and whether its clock has 12 hours. German and Czech
 * readers get 24 hours; English ones their browser's English convention (en-US 12, en-GB 24).
 */
export function timeConvention(language: string, browserLanguages?: readonly string[]): { locale: string; hour12: boolean } {
  const locale = writingLocale(language, browserLanguages);
  const cycle = utcFormat(locale, { hour: "numeric" }).resolvedOptions().hourCycle;
  return { locale, hour12: cycle === "h11" || cycle === "h12" };
}
