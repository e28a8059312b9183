import { z } from "zod/mini";
import type { Currency } from "./currency.ts";
import { calendarDate, instant } from "./dates.ts";
import { EMAIL_PATTERN } from "./email.ts";
import { LIMITS, requestBody } from "./errors.ts";
import { UUID } from "./ids.ts";
import type { Language } from "./languages.ts";
import { isPhoneText } from "./phone.ts";
import type { BusinessHours } from "./salon-basics.ts";
import { hoursInOrder, wishedTimes } from "./outreach.ts";
import { optionalText, requiredText } from "./text.ts";
import { BOOKING_LIMITS } from "./booking-limits.ts";

export { BOOKING_CODES, BOOKING_LIMITS } from "./booking-limits.ts";

/**
 * The salon's own online booking page, `/{lang}/book/{slug}`: what the owner sets for it
 * (`/api/dashboard/booking-page`) and what a visitor reads and sends (`/api/book/:slug`).
 */

/** How soon ahead a visitor may book, in minutes from now. */
export const BOOKING_NOTICE_MINUTES = [0, 30, 60, 120, 240, 720, 1440, 2880] as const;
/** How far ahead a visitor may book, in days from the salon's today. */
export const BOOKING_HORIZON_DAYS = [7, 14, 30, 60, 90, 180] as const;
/** The grid of start times the page offers, in minutes. */
export const BOOKING_SLOT_STEPS = [15, 30] as const;

export const BOOKING_DEFAULTS = {
  enabled: false,
  slug: null,
  min_notice_minutes: 120,
  horizon_days: 60,
  slot_step: 15,
  offline_services: [],
  offline_stylists: [],
} as const satisfies BookingSettings;

/** A page's address: 3 to 40 lower-case letters, digits and single hyphens, starting and ending with a letter or digit. */
export const BOOKING_SLUG = /^(?=.{3,40}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

// ---- the owner's settings --------------------------------------------------------------

const uuidList = (max: number, error: string) =>
  z.array(z.string({ error }).check(z.regex(UUID, { error })), { error }).check(z.maxLength(max, { error }));

/** A slug as typed: trimmed and lower-cased before it is checked; blank is none. */
const slug = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" ? value.trim().toLowerCase() || null : value ?? null)),
  z.nullable(z.string({ error: "validation.booking.slug" }).check(z.regex(BOOKING_SLUG, { error: "validation.booking.slug" }))),
);

/** PUT /dashboard/booking-page. */
export const bookingSettingsSchema = requestBody({
  enabled: z.boolean({ error: "validation.boolean" }),
  slug,
  min_notice_minutes: z.literal(BOOKING_NOTICE_MINUTES, { error: "validation.booking.notice" }),
  horizon_days: z.literal(BOOKING_HORIZON_DAYS, { error: "validation.booking.horizon" }),
  slot_step: z.literal(BOOKING_SLOT_STEPS, { error: "validation.booking.step" }),
  offline_services: uuidList(500, "validation.appointment.service"),
  offline_stylists: uuidList(200, "validation.appointment.stylist"),
}).check(z.refine((body) => !body.enabled || body.slug !== null, { error: "validation.booking.slugRequired", path: ["slug"] }));
export type BookingSettingsInput = z.input<typeof bookingSettingsSchema>;
export type BookingSettingsBody = z.output<typeof bookingSettingsSchema>;

export interface BookingSettings {
  enabled: boolean;
  slug: string | null;
  min_notice_minutes: (typeof BOOKING_NOTICE_MINUTES)[number];
  horizon_days: (typeof BOOKING_HORIZON_DAYS)[number];
  slot_step: (typeof BOOKING_SLOT_STEPS)[number];
  /** Services and stylists the page does not offer; everything else (active) it does. */
  offline_services: string[];
  offline_stylists: string[];
}

// ---- the visitor's page ------------------------------------------------------------------

/** A service as the page offers it; prices in the salon's currency. */
export interface BookableService {
  id: string;
  name: string;
  description: string | null;
  /** Minutes. */
  duration: number;
  price: number;
  /** A price range, when the salon gave one ("from 30 to 45"). */
  min_price: number | null;
  max_price: number | null;
}

export interface BookingPageView {
  slug: string;
  /** False: the salon switched its page off; the page says so politely and gives the salon's phone. */
  open: boolean;
  salon: {
    name: string;
    /** Street, postal code and city on one line; null when the salon gave none. */
    address: string | null;
    phone: string | null;
    /** A map search for the address; null without one. */
    map_url: string | null;
    /** Times are on this clock, whatever the visitor's. */
    time_zone: string;
    currency: Currency;
    business_hours: BusinessHours;
    /** The language the salon's owner uses: the page's language when the visitor's is not offered. */
    language: Language;
  };
  /** The salon keeps a waitlist (its outreach is on): a visitor whom no free time suits may join it. */
  waitlist: boolean;
  /** Empty when closed. */
  services: BookableService[];
  stylists: { id: string; name: string }[];
  min_notice_minutes: number;
  horizon_days: number;
  slot_step: number;
  /** The salon's today and the last day it books online (calendar days of its clock). */
  first_day: string;
  last_day: string;
}

/** Services as a comma-separated list of ids, in the order chosen. */
const serviceIds = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" ? value.split(",").filter(Boolean) : value)),
  uuidList(BOOKING_LIMITS.servicesPerBooking, "validation.booking.services").check(
    z.minLength(1, { error: "validation.booking.services" }),
  ),
);

/** GET /book/:slug/times: free start times for the services chosen, day by day. */
export const bookingTimesQuery = z.object({
  services: serviceIds,
  /** One stylist; absent for anyone. */
  stylist: z.optional(z.string({ error: "validation.appointment.stylist" }).check(z.regex(UUID, { error: "validation.appointment.stylist" }))),
  /** The first day, on the salon's clock. */
  from: calendarDate("validation.date"),
  days: z._default(
    z.pipe(
      z.transform((value: unknown) => Number(value)),
      z.int({ error: "validation.booking.days" }).check(z.gte(1, { error: "validation.booking.days" }), z.lte(BOOKING_LIMITS.daysPerRequest, { error: "validation.booking.days" })),
    ),
    7,
  ),
});
export type BookingTimesQuery = z.input<typeof bookingTimesQuery>;

export interface BookingTimes {
  time_zone: string;
  /** Every day asked for within the horizon, a day without free times too; start times as ISO instants. */
  days: { date: string; times: string[] }[];
  /** The day after these when the horizon goes on; null at its end. */
  next: string | null;
}

/** What a visitor chose and who they are, the same for a booking and for joining the waitlist. */
const visitorRequest = {
  services: z.array(z.string({ error: "validation.booking.services" }).check(z.regex(UUID, { error: "validation.booking.services" })), {
    error: "validation.booking.services",
  }).check(
    z.minLength(1, { error: "validation.booking.services" }),
    z.maxLength(BOOKING_LIMITS.servicesPerBooking, { error: "validation.booking.services" }),
  ),
  /** Null: anyone free at that time. */
  stylist: z.nullable(z.string({ error: "validation.appointment.stylist" }).check(z.regex(UUID, { error: "validation.appointment.stylist" }))),
  name: requiredText(BOOKING_LIMITS.name, "validation.booking.name"),
  phone: requiredText(BOOKING_LIMITS.phone, "validation.booking.phone").check(z.refine(isPhoneText, { error: "validation.booking.phone" })),
  note: optionalText(BOOKING_LIMITS.note),
  /** Left empty by people: the form hides it; a script filling every field fills it too. */
  website: z.optional(z.string().check(z.maxLength(500))),
};

/** POST /book/:slug/bookings. */
export const bookingRequestSchema = requestBody({
  ...visitorRequest,
  start_datetime: instant("validation.appointment.start"),
  email: optionalText(LIMITS.emailLength, EMAIL_PATTERN, "validation.email.invalid"),
});
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;

export interface BookingConfirmation {
  start_datetime: string;
  end_datetime: string;
  time_zone: string;
  services: string[];
  stylist_name: string;
  /** The token of the visitor's own page for the visit (`/{lang}/visit/:token`), where they move or cancel it; null where links are not made. */
  visit_token: string | null;
}

/**
 * POST /book/:slug/waitlist: a visitor whom no free time suits asks to be offered one that
 * comes free, on the days and hours they can come, from the salon's today to `until_date`
 * (within the page's horizon).
 */
export const bookingWaitlistSchema = requestBody({
  ...visitorRequest,
  ...wishedTimes,
  until_date: calendarDate("validation.date"),
}).check(hoursInOrder);
export type BookingWaitlistBody = z.output<typeof bookingWaitlistSchema>;

/** A wish on the waitlist as the page confirms it. */
export interface BookingWaitlistConfirmation {
  services: string[];
  /** Null: anyone. */
  stylist_name: string | null;
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  weekdays: number[];
  from_time: string;
  until_time: string;
  until_date: string;
  /** The number offers go to, in E.164. */
  phone: string;
}
