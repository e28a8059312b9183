import { z } from "zod/mini";
import { calendarDate, instant } from "./dates.ts";
import { requestBody } from "./errors.ts";
import type { Language } from "./languages.ts";

/**
 * What a salon's client reaches through the links in their messages, without signing in:
 * their appointment (`/api/visit/:token`), moved or cancelled there, and leaving the salon's
 * emails (`/api/unsubscribe/:token`).
 */

/** How far ahead a client may look for a new time, in days from the salon's today. */
export const VISIT_SEARCH_DAYS = 60;

/** Refusals a page tells apart by their `code`. */
export const VISIT_CODES = {
  /** The token is not one of ours, or names nothing (404). */
  linkInvalid: "link_invalid",
  /** The token was ours, but its time is over (404). */
  linkExpired: "link_expired",
  /** The visit is too close, begun or over: only the salon can change it now (409). */
  tooLate: "too_late",
  /** The visit was cancelled (409). */
  notBooked: "not_booked",
  /** The chosen time is closer than the salon's notice (422). */
  tooSoon: "too_soon",
  /** Outside the salon's or the stylist's hours (422). */
  unbookable: "unbookable",
  /** Someone else has the time (409). */
  taken: "taken",
} as const;

/** GET /visit/:token/slots: one day of the salon's calendar. */
export const visitSlotsQuery = z.object({ date: calendarDate("validation.date") });

/** POST /visit/:token/reschedule. */
export const rescheduleSchema = requestBody({ start_datetime: instant("validation.appointment.start") });
export type RescheduleInput = z.input<typeof rescheduleSchema>;

export interface VisitView {
  salon: {
    name: string;
    /** Street, postal code and city on one line; null when the salon gave none. */
    address: string | null;
    phone: string | null;
  };
  appointment: {
    start_datetime: string;
    end_datetime: string;
    /** The salon's zone: times are shown on its clock. */
    time_zone: string;
    /** In booking order; minutes as agreed when booked, null when not recorded. */
    services: { name: string; duration: number | null }[];
    stylist_name: string;
    status: "booked" | "cancelled";
  };
  /** Closer to the start than this, only the salon changes the visit. */
  cancellation_notice_hours: number;
  /** Booked, and further ahead than the notice: the client may move or cancel it. */
  can_change: boolean;
  /** The client's language (else the salon owner's), which their messages use. */
  language: Language;
}

export interface VisitSlots {
  date: string;
  /** Free start times of that day (ISO instants), for the visit's stylist and length. */
  slots: string[];
}

export interface UnsubscribeView {
  salon_name: string;
  /** The address the email went to, masked: j•••@example.com. */
  address: string;
  opted_out: boolean;
}
