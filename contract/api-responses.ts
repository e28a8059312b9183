import { z } from "zod/mini";
import { APPOINTMENT_SOURCES } from "./appointments.ts";
import { CALL_OUTCOMES, SUMMARY_STATES } from "./calls.ts";
import { MESSAGE_CHANNELS } from "./client-messages.ts";
import { CLIENT_SOURCES } from "./clients.ts";
import { LANGUAGES } from "./languages.ts";
import { ATTEMPT_CHANNELS, ATTEMPT_STATUSES } from "./outreach.ts";
import { serviceSchema, stylistSchema } from "./salon.ts";

/**
 * What the dashboard API answers for the resources an integrator uses, as schemas, so the
 * OpenAPI document describes responses too. Where the contract has only an interface, the
 * schema here mirrors it; tests/unit/api-responses.test.ts holds the two equal, type by type.
 */

const text = z.string();
const nullableText = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());

/** Who booked or last changed an appointment. */
const appointmentChange = z.nullable(
  z.object({ kind: z.enum(["person", "assistant", "booking_page", "client", "outreach", "api"]), name: nullableText, at: text }),
);

export const appointmentResponse = z.object({
  id: text,
  customer_name: nullableText,
  customer_phone: nullableText,
  stylist: nullableText,
  stylist_name: text,
  start_datetime: text,
  end_datetime: text,
  notes: nullableText,
  service_name: nullableText,
  service_color: text,
  services: z.array(
    z.object({
      service_id: nullableText,
      service_name: text,
      service_color: text,
      price_at_booking: nullableNumber,
      duration_at_booking: nullableNumber,
    }),
  ),
  no_show_at: nullableText,
  source: z.enum(APPOINTMENT_SOURCES),
  created_by: appointmentChange,
  changed_by: appointmentChange,
  version: z.int(),
});

const clientSummary = z.object({
  id: text,
  name: nullableText,
  email: nullableText,
  phones: z.array(text),
  source: z.enum(CLIENT_SOURCES),
  created_at: text,
  next_appointment_at: nullableText,
  visit_count: z.number(),
  no_show_count: z.number(),
});

export const clientListResponse = z.object({ items: z.array(clientSummary), more: z.boolean() });

const clientAppointment = z.object({
  id: text,
  start_datetime: text,
  end_datetime: text,
  stylist_name: text,
  service_name: nullableText,
  status: z.enum(["booked", "cancelled"]),
  no_show: z.boolean(),
});

export const clientDetailResponse = z.extend(clientSummary, {
  language: z.nullable(z.enum(LANGUAGES)),
  preferred_stylist_id: nullableText,
  notes: nullableText,
  marketing_consent: z.boolean(),
  updated_at: text,
  upcoming_appointments: z.array(clientAppointment),
  past_appointments: z.array(clientAppointment),
  calls: z.array(
    z.object({
      id: text,
      started_at: text,
      duration: nullableNumber,
      direction: z.enum(["inbound", "outbound"]),
      outcome: z.nullable(z.enum(CALL_OUTCOMES)),
    }),
  ),
  opt_outs: z.array(z.object({ channel: z.enum(MESSAGE_CHANNELS), address: text, created_at: text })),
  offers: z.array(
    z.object({
      id: text,
      start_datetime: text,
      stylist_name: text,
      channel: z.enum(ATTEMPT_CHANNELS),
      status: z.enum(ATTEMPT_STATUSES),
      created_at: text,
    }),
  ),
});

export const stylistResponse = z.extend(stylistSchema, { id: text });
export const serviceResponse = z.extend(serviceSchema, { id: text });

export const callResponse = z.object({
  id: text,
  direction: z.enum(["inbound", "outbound"]),
  from_number: nullableText,
  to_number: nullableText,
  assistant_name: nullableText,
  call_started_at: text,
  call_duration: nullableNumber,
  call_status: z.enum(["in-progress", "completed", "failed", "busy", "no-answer", "canceled"]),
  caller_city: nullableText,
  caller_state: nullableText,
  caller_country: nullableText,
  total_price: nullableNumber,
  provider_price: nullableNumber,
  eur_per_usd: nullableNumber,
  model: nullableText,
  language: z.nullable(z.enum(LANGUAGES)),
  transcript_removed: z.boolean(),
  offer: z.boolean(),
  outcome: z.nullable(z.enum(CALL_OUTCOMES)),
  summary: nullableText,
  follow_up: z.nullable(z.boolean()),
  follow_up_reason: nullableText,
  summary_state: z.enum(SUMMARY_STATES),
});

export const callListResponse = z.object({ items: z.array(callResponse), total: z.number() });

/** Every refusal: a sentence for people, in the caller's language. */
export const errorResponse = z.object({ detail: text, code: z.optional(text), fields: z.optional(z.record(z.string(), z.string())) });
