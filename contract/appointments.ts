import { z } from "zod/mini";
import { instant } from "./dates.ts";
import { requestBody } from "./errors.ts";
import { UUID } from "./ids.ts";
import { price } from "./salon.ts";
import { optionalText } from "./text.ts";

export const CALENDAR = {
  slotMinTime: "06:00",
  slotMaxTime: "20:00",
  slotMinutes: 15,
  /** The longest appointment the calendar accepts. */
  maxMinutes: 12 * 60,
} as const;

const nullableNumber = <T extends z.ZodMiniNumber<number>>(schema: T) =>
  z.pipe(z.transform((value: unknown) => (value === "" || value === undefined ? null : value)), z.nullable(schema));

/** One service of an appointment, with the price and duration agreed when it was booked. */
const serviceLine = z.object({
  service: z.string({ error: "validation.appointment.service" }).check(z.regex(UUID, { error: "validation.appointment.service" })),
  price_at_booking: nullableNumber(price("validation.service.price")),
  duration_at_booking: nullableNumber(
    z.int({ error: "validation.service.duration" }).check(z.gte(5, { error: "validation.service.duration" }), z.lte(CALENDAR.maxMinutes)),
  ),
});

interface Span {
  start_datetime: string;
  end_datetime: string;
}

/** An appointment's end after its start, and no longer than the calendar takes. */
const inOrder = [
  z.refine<Span>((a) => Date.parse(a.end_datetime) > Date.parse(a.start_datetime), { error: "validation.appointment.order", path: ["end_datetime"] }),
  z.refine<Span>((a) => Date.parse(a.end_datetime) - Date.parse(a.start_datetime) <= CALENDAR.maxMinutes * 60_000, {
    error: "validation.appointment.tooLong",
    path: ["end_datetime"],
  }),
];

export const appointmentSchema = requestBody({
  customer_name: optionalText(120),
  customer_phone: optionalText(32),
  stylist: z.string({ error: "validation.appointment.stylist" }).check(z.regex(UUID, { error: "validation.appointment.stylist" })),
  start_datetime: instant("validation.appointment.start"),
  end_datetime: instant("validation.appointment.end"),
  notes: optionalText(2000),
  services: z._default(z.array(serviceLine, { error: "validation.appointment.services" }).check(z.maxLength(20)), []),
}).check(...inOrder);
export type AppointmentInput = z.input<typeof appointmentSchema>;
export type AppointmentBody = z.output<typeof appointmentSchema>;

/**
 * PATCH /dashboard/appointments/:id: a move (a calendar drag or resize, the receptionist's
 * move) to another stylist or time, made on the appointment as read at `version`. Its client,
 * services and notes stay as they are.
 */
export const appointmentMoveSchema = requestBody({
  stylist: z.string({ error: "validation.appointment.stylist" }).check(z.regex(UUID, { error: "validation.appointment.stylist" })),
  start_datetime: instant("validation.appointment.start"),
  end_datetime: instant("validation.appointment.end"),
  version: z.int({ error: "validation.appointment.version" }).check(z.gte(1, { error: "validation.appointment.version" }), z.lte(2 ** 31 - 1, { error: "validation.appointment.version" })),
}).check(...inOrder);
export type AppointmentMove = z.output<typeof appointmentMoveSchema>;

/** PUT /dashboard/appointments/:id/no-show: marks (true) or clears (false) a started appointment's no-show. */
export const noShowSchema = requestBody({
  no_show: z.boolean({ error: "validation.boolean" }),
});

/** The range query of GET /dashboard/appointments (ISO instants). */
export const appointmentRangeQuery = z.object({
  start_date: instant("validation.appointment.range"),
  end_date: instant("validation.appointment.range"),
});

export interface AppointmentServiceLine {
  service_id: string | null;
  service_name: string;
  service_color: string;
  price_at_booking: number | null;
  duration_at_booking: number | null;
}

/** Where a booking was made: the dashboard, the phone receptionist, or the salon's online booking page. */
export const APPOINTMENT_SOURCES = ["dashboard", "voice", "online", "outreach"] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

/** Where an appointment was booked or changed: the dashboard, an API key, the phone assistant, the booking page, the client's own link, a freed time's offer. */
export const CHANGE_CHANNELS = ["dashboard", "api", "voice", "online", "client", "outreach"] as const;
export type ChangeChannel = (typeof CHANGE_CHANNELS)[number];

/** Who booked or last changed an appointment, as its dialog tells it. */
export interface AppointmentChange {
  kind: "person" | "assistant" | "booking_page" | "client" | "outreach" | "api";
  /** For a person: their name in the salon, else their address; null when the account is gone. */
  name: string | null;
  at: string;
}

export interface Appointment {
  id: string;
  customer_name: string | null;
  customer_phone: string | null;
  /** The stylist's id. */
  stylist: string | null;
  stylist_name: string;
  start_datetime: string;
  end_datetime: string;
  notes: string | null;
  /** Names of the services, joined; the first line's colour. */
  service_name: string | null;
  service_color: string;
  services: AppointmentServiceLine[];
  /** When the owner marked that the client did not come; null for a visit or a time still ahead. */
  no_show_at: string | null;
  source: AppointmentSource;
  created_by: AppointmentChange | null;
  changed_by: AppointmentChange | null;
  /** Counts the changes made to it: a move names the version it was made on. */
  version: number;
}

/** GET /dashboard/availability: free start times for services of a total duration. */
export const availabilityQuery = z.object({
  start_date: instant("validation.appointment.range"),
  end_date: instant("validation.appointment.range"),
  duration: z.pipe(
    z.transform((value: unknown) => Number(value)),
    z.int({ error: "validation.service.duration" }).check(z.gte(5, { error: "validation.service.duration" }), z.lte(CALENDAR.maxMinutes)),
  ),
  stylist: z.optional(z.string().check(z.regex(UUID, { error: "validation.appointment.stylist" }))),
});

export interface FreeSlot {
  stylist: string;
  start_datetime: string;
  end_datetime: string;
}
