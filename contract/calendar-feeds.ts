import { z } from "zod/mini";
import { requestBody } from "./errors.ts";
import { UUID } from "./ids.ts";

/**
 * Private calendar feeds: iCalendar over a secret address that Google, Apple or Outlook
 * calendars subscribe to. One for the whole salon and one per stylist, made, copied, made
 * anew and revoked in the dashboard (`/api/dashboard/calendar-feeds`), read at
 * `/api/calendar-feeds/{token}.ics`.
 */

/** A feed's token: 256 random bits, URL-safe base64 without padding. */
export const CALENDAR_FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const CALENDAR_FEED_LIMITS = {
  /** What a feed holds: from this many days back… */
  daysBack: 30,
  /** …to this many ahead… */
  daysAhead: 180,
  /** …and at most this many appointments, upcoming ones kept first. */
  events: 2000,
} as const;

/** Where a feed is read, relative to the site's origin. */
export const calendarFeedPath = (token: string) => `/api/calendar-feeds/${token}.ics`;

/** POST /dashboard/calendar-feeds: makes the feed, or replaces its address; no stylist is the salon's feed. */
export const calendarFeedSchema = requestBody({
  stylist_id: z.nullable(z.string({ error: "validation.appointment.stylist" }).check(z.regex(UUID, { error: "validation.appointment.stylist" }))),
});
export type CalendarFeedBody = z.infer<typeof calendarFeedSchema>;

export interface CalendarFeed {
  id: string;
  token: string;
}

/** GET /dashboard/calendar-feeds: the salon's feed and every stylist's, none where none was made. */
export interface CalendarFeeds {
  salon: CalendarFeed | null;
  stylists: { id: string; name: string; is_active: boolean; feed: CalendarFeed | null }[];
}
