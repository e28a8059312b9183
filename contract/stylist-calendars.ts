import { z } from "zod/mini";
import { requestBody } from "./errors.ts";
import { plainText } from "./text.ts";

/**
 * A stylist's other calendar, read by its secret iCal address (`/api/dashboard/stylist-calendars`):
 * its busy times for the coming weeks count like time off when free times are searched.
 */

export const CALENDAR_IMPORT_LIMITS = {
  /** The largest calendar file read. */
  bytes: 2_000_000,
  /** How long an address may take to answer, in milliseconds. */
  timeoutMs: 10_000,
  /** Days ahead whose busy times are kept. */
  days: 60,
  /** Busy times kept per stylist. */
  blocks: 2_000,
  /** Minutes between reads of a calendar that worked, and after one that failed. */
  everyMinutes: 30,
  retryMinutes: 60,
  url: 2_000,
} as const;

export const CALENDAR_ERRORS = ["unreachable", "http", "not_calendar", "too_large", "timeout"] as const;
export type CalendarError = (typeof CALENDAR_ERRORS)[number];

/**
 * An address as pasted: trimmed, and `webcal://`, which calendar apps show, read as the
 * `https://` it stands for. Whether the host may be reached over plain http is the server's
 * to say.
 */
const calendarUrl = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" ? value.trim().replace(/^webcals?:\/\//i, "https://") : value)),
  z.string({ error: "validation.calendar.url" }).check(
    z.maxLength(CALENDAR_IMPORT_LIMITS.url, { error: "validation.calendar.url" }),
    z.regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, { error: "validation.calendar.url" }),
    plainText("validation.calendar.url"),
  ),
);

/** PUT /dashboard/stylist-calendars/:stylistId. */
export const stylistCalendarSchema = requestBody({ url: calendarUrl });
export type StylistCalendarBody = z.output<typeof stylistCalendarSchema>;

export interface StylistCalendar {
  stylist: string;
  /** The address with its secret part left out ("calendar.google.com/…/basic.ics"): the whole is never sent back. */
  address: string;
  /** pending: not read yet; ok: the last read worked; error: it did not, and the busy times of the last good read stay. */
  status: "pending" | "ok" | "error";
  error: CalendarError | null;
  /** The HTTP status of an `http` error. */
  error_status: number | null;
  checked_at: string | null;
  synced_at: string | null;
  busy_count: number;
}
