import { z } from "zod/mini";
import { CURRENCIES, DEFAULT_CURRENCY } from "./currency.ts";
import { calendarDate } from "./dates.ts";
import { EMAIL_PATTERN } from "./email.ts";
import { requestBody } from "./errors.ts";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_COLOR, DEFAULT_SERVICE_DURATION, DEFAULT_TIME_ZONE, DEFAULT_WORKING_HOURS, everyDay, SERVICE_DURATION_STEP, type WorkingDay } from "./salon-basics.ts";
import { isPhoneText } from "./phone.ts";
import { fromJson, isStorableJson, optionalText, requiredText } from "./text.ts";
import { isTimeZone, minutesOf } from "./time-zone.ts";

// salon.ts is where a salon's contract is imported from; salon-basics.ts is apart only for the
// bundles of screens that never check salon data.
export {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_COLOR,
  DEFAULT_SERVICE_DURATION,
  DEFAULT_TIME_ZONE,
  DEFAULT_WORKING_HOURS,
  SERVICE_DURATION_STEP,
  WEEKDAYS,
  type BusinessHours,
  type TimeOff,
  type Weekday,
  type WorkingDay,
  type WorkingHours,
} from "./salon-basics.ts";

// ---- building blocks ----------------------------------------------------------------

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;
const WEBSITE = /^(https?:\/\/)?[^\s/.]+(\.[^\s/.]+)+(\/\S*)?$/i;

const time = z.string({ error: "validation.time" }).check(z.regex(TIME, { error: "validation.time" }));

// ---- salon ---------------------------------------------------------------------------

const openingHours = z
  .object({ open: time, close: time })
  .check(z.refine((day) => minutesOf(day.open) < minutesOf(day.close), { error: "validation.hoursOrder", path: ["close"] }));

const businessHours = fromJson(
  z.object(
    everyDay(() => z._default(z.nullable(openingHours), null)),
    { error: "validation.businessHours" },
  ),
);

/** Free-form notes per day; how deep and what text they hold is bounded, so they can be stored. */
const SPECIAL_DATES_DEPTH = 8;
const specialDates = z
  .record(calendarDate("validation.specialDates"), z.unknown(), { error: "validation.specialDates" })
  .check(z.refine((dates) => isStorableJson(dates, SPECIAL_DATES_DEPTH), { error: "validation.specialDates" }));

/** How many days after a call its words are kept; null keeps them. */
export const TRANSCRIPT_RETENTION_DAYS = [30, 90, 365] as const;
export type TranscriptRetention = (typeof TRANSCRIPT_RETENTION_DAYS)[number] | null;
export const DEFAULT_TRANSCRIPT_RETENTION: TranscriptRetention = 90;

export const salonSchema = requestBody({
  name: requiredText(120, "validation.salon.name"),
  email: optionalText(254, EMAIL_PATTERN, "validation.email.invalid"),
  phone: optionalText(32, isPhoneText, "validation.phone"),
  website: optionalText(200, WEBSITE, "validation.website"),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  postal_code: optionalText(20),
  country: optionalText(100),
  description: optionalText(2000),
  transfer_phone_number: optionalText(32, isPhoneText, "validation.phone"),
  business_hours: z._default(businessHours, DEFAULT_BUSINESS_HOURS),
  special_dates: z._default(fromJson(specialDates), {}),
  time_zone: z._default(z.string({ error: "validation.timeZone" }).check(z.refine(isTimeZone, { error: "validation.timeZone" })), DEFAULT_TIME_ZONE),
  /** The unit of the salon's prices: changing it converts none of them. */
  currency: z._default(z.enum(CURRENCIES, { error: "validation.currency" }), DEFAULT_CURRENCY),
  transcript_retention_days: z._default(
    z.nullable(z.literal(TRANSCRIPT_RETENTION_DAYS, { error: "validation.transcriptRetention" })),
    DEFAULT_TRANSCRIPT_RETENTION,
  ),
});
export type SalonBody = z.output<typeof salonSchema>;
export type Salon = SalonBody;

// ---- stylists ------------------------------------------------------------------------

/** A pair of times, both or neither, in order. */
type Shifts = Record<"morning_start" | "morning_end" | "afternoon_start" | "afternoon_end", string | null>;
const shift = (start: keyof Shifts, end: keyof Shifts) =>
  z.refine<Shifts>(
    (day) => {
      const from = day[start] ?? null;
      const to = day[end] ?? null;
      return (from === null) === (to === null) && (from === null || minutesOf(from) < minutesOf(to!));
    },
    { error: "validation.shiftOrder", path: [end] },
  );

const workingDay = z
  .object({
    working: z._default(z.boolean(), true),
    morning_start: z._default(z.nullable(time), null),
    morning_end: z._default(z.nullable(time), null),
    afternoon_start: z._default(z.nullable(time), null),
    afternoon_end: z._default(z.nullable(time), null),
  })
  .check(
    shift("morning_start", "morning_end"),
    shift("afternoon_start", "afternoon_end"),
    z.refine((day) => !day.morning_end || !day.afternoon_start || minutesOf(day.morning_end) <= minutesOf(day.afternoon_start), {
      error: "validation.shiftOverlap",
      path: ["afternoon_start"],
    }),
    z.refine((day) => !day.working || day.morning_start !== null || day.afternoon_start !== null, {
      error: "validation.shiftMissing",
      path: ["morning_start"],
    }),
  );

// The older shape {start, end} reads as morning start and afternoon end.
const olderWorkingDay = z.pipe(
  z.object({ start: time, end: time }),
  z.transform(({ start, end }) => ({ working: true, morning_start: start, morning_end: null, afternoon_start: null, afternoon_end: end })),
);

/** Normalised: a working day, or null for a day off (absent, null, or working: false). */
const stylistDay = z.pipe(
  z._default(z.nullable(z.union([olderWorkingDay, workingDay])), null),
  z.transform((day): WorkingDay | null => (day && day.working ? { ...day, working: true } : null)),
);

const workingHours = fromJson(z.object(everyDay(() => stylistDay), { error: "validation.workingHours" }));

const timeOffEntry = z
  .object({
    start_date: calendarDate("validation.date"),
    end_date: calendarDate("validation.date"),
    note: optionalText(200),
  })
  .check(z.refine((entry) => entry.start_date <= entry.end_date, { error: "validation.dateOrder", path: ["end_date"] }));

/** A stylist's own week and days off: what a stylist member may change of their record. */
const schedule = {
  working_hours: z._default(workingHours, DEFAULT_WORKING_HOURS),
  time_off: z._default(fromJson(z.array(timeOffEntry, { error: "validation.timeOff" }).check(z.maxLength(200))), []),
};

/** PUT /dashboard/my-schedule. */
export const scheduleSchema = requestBody(schedule);
export type ScheduleBody = z.output<typeof scheduleSchema>;

export const stylistSchema = requestBody({
  first_name: requiredText(80, "validation.stylist.firstName"),
  last_name: requiredText(80, "validation.stylist.lastName"),
  email: optionalText(254, EMAIL_PATTERN, "validation.email.invalid"),
  phone: optionalText(32, isPhoneText, "validation.phone"),
  ...schedule,
  is_active: z._default(z.boolean({ error: "validation.boolean" }), true),
  color: z._default(z.string({ error: "validation.color" }).check(z.regex(COLOR, { error: "validation.color" })), DEFAULT_COLOR),
});
export type StylistBody = z.output<typeof stylistSchema>;
export interface Stylist extends StylistBody {
  id: string;
}

// ---- services ------------------------------------------------------------------------

/** The most a price may be; the columns (numeric(10, 2)) would hold a thousand times more. */
const MAX_PRICE = 100_000;

/** Whole cents, allowing for binary fractions: 0.29 * 100 is 28.999999999999996. */
const inCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A price in the salon's currency, of a service or of one line of an appointment. */
export const price = (error: string) => z.number({ error }).check(z.gte(0, { error }), z.lte(MAX_PRICE, { error }), z.refine(inCents, { error }));

const optionalPrice = z.pipe(
  z.transform((value: unknown) => (value === "" || value === undefined ? null : value)),
  z.nullable(price("validation.service.optionalPrice")),
);

export const serviceSchema = requestBody({
  name: requiredText(120, "validation.service.name"),
  description: optionalText(1000),
  duration: z._default(
    z.int({ error: "validation.service.duration" }).check(
      z.gte(SERVICE_DURATION_STEP, { error: "validation.service.duration" }),
      z.lte(24 * 60, { error: "validation.service.duration" }),
      z.multipleOf(SERVICE_DURATION_STEP, { error: "validation.service.duration" }),
    ),
    DEFAULT_SERVICE_DURATION,
  ),
  price: z._default(price("validation.service.price"), 0),
  min_price: optionalPrice,
  max_price: optionalPrice,
  color: z._default(z.string({ error: "validation.color" }).check(z.regex(COLOR, { error: "validation.color" })), DEFAULT_COLOR),
}).check(
  z.refine((service) => service.min_price === null || service.max_price === null || service.min_price <= service.max_price, {
    error: "validation.service.priceRange",
    path: ["max_price"],
  }),
);
export type ServiceBody = z.output<typeof serviceSchema>;
export interface Service extends ServiceBody {
  id: string;
}
