import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { z } from "zod/mini";
import { appointmentMessagesQuery } from "../../contract/appointment-messages.ts";
import { appointmentMoveSchema, appointmentRangeQuery, appointmentSchema, availabilityQuery, noShowSchema } from "../../contract/appointments.ts";
import { assistantConfigSchema } from "../../contract/assistants.ts";
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema, verifyEmailQuery } from "../../contract/auth.ts";
import { callListQuery, callStatsQuery } from "../../contract/calls.ts";
import { MESSAGE_SETTINGS_DEFAULTS, messageSettingsSchema } from "../../contract/client-messages.ts";
import { clientListQuery, clientMergeSchema, clientUpdateSchema } from "../../contract/clients.ts";
import { OUTREACH_DEFAULTS, fillGapsSchema, outreachLogQuery, outreachSettingsSchema, waitlistEntrySchema, waitlistQuery } from "../../contract/outreach.ts";
import { availableNumbersQuery, phoneNumberSchema, purchaseSchema, verificationCodeSchema } from "../../contract/phone-numbers.ts";
import { faqEntrySchema, questionAnswerSchema, questionListQuery } from "../../contract/questions.ts";
import { salonSchema, scheduleSchema, serviceSchema, stylistSchema } from "../../contract/salon.ts";
import { rescheduleSchema, visitSlotsQuery } from "../../contract/visit.ts";
import { calendarFeedSchema } from "../../contract/calendar-feeds.ts";
import { BOOKING_DEFAULTS, bookingRequestSchema, bookingSettingsSchema, bookingTimesQuery, bookingWaitlistSchema } from "../../contract/booking-page.ts";
import { contactSalesSchema, joinWaitlistSchema } from "../../contract/waitlist.ts";
import { invitationSchema, memberSchema, salonChoiceSchema } from "../../contract/team.ts";
import { createApp } from "../../worker/app.ts";
import { signLink } from "../../worker/clients/messaging/links.ts";
import type { Bindings } from "../../worker/env.ts";
import { twilioSignature } from "../../worker/calls/telephony/twilio-signature.ts";
import { login, registerAndVerify, sql } from "./auth-helpers.ts";
import { api } from "./helpers.ts";
import { stylistCalendarSchema } from "../../contract/stylist-calendars.ts";
import { apiKeyCreateSchema } from "../../contract/api-keys.ts";
import { webhookCreateSchema, webhookDeliveriesQuery, webhookUpdateSchema } from "../../contract/webhooks.ts";

/**
 * Every route of the API driven with generated bad input: text with NUL and lone surrogates,
 * numbers past the columns, impossible dates, unknown time zones, deep nesting, wrong types
 * and bodies that are not JSON. No answer may be a 500 or worse, and every refusal is JSON
 * with a `detail` for people.
 */

afterAll(() => sql.end());

// Twilio's webhooks are checked too, signed as Twilio signs them; its REST API is the fake.
const TWILIO_TOKEN = inject("twilioAuthToken");
const TWILIO_ACCOUNT = inject("twilioAccountSid");
const fuzzEnv = env as Bindings;
const app = createApp({ startPhoneCall: async () => {} });

/** Generated requests per route; enough to hit every kind of bad value several times. */
const RUNS_PER_ROUTE = 40;

type Fields = Record<string, unknown>;

/** How a route takes its input, with a valid example that the generator spoils field by field. */
interface RouteInput {
  /** The body as JSON, the query string, or a form signed as Twilio signs it. */
  kind?: "json" | "query" | "form";
  schema?: z.ZodMiniObject;
  example?: () => Fields;
  /** Signed in as the salon's owner. */
  owner?: boolean;
}

// Rows of the owner's salon, made before the run: examples and `:id`s point at them.
const rows = { webhook: "", stylist: "", service: "", appointment: "", assistant: "", phoneNumber: "", client: "", question: "", waitlistEntry: "", callId: crypto.randomUUID(), visitToken: "", unsubscribeToken: "", bookingSlug: "", calendarFeedFile: "" };
const DAY = "2027-03-01";

const appointmentExample = () => ({
  customer_name: "Petra",
  customer_phone: "+420603111222",
  stylist: rows.stylist,
  start_datetime: `${DAY}T10:00:00+01:00`,
  end_datetime: `${DAY}T11:00:00+01:00`,
  services: [{ service: rows.service, price_at_booking: 30, duration_at_booking: 60 }],
});
const salonExample = () => ({
  name: "Salon",
  business_hours: { "0": { open: "09:00", close: "18:00" }, "6": null },
  special_dates: { "2026-12-24": { closed: true, note: "Christmas" } },
  time_zone: "Europe/Prague",
  currency: "CZK",
  transcript_retention_days: 90,
});
const stylistExample = () => ({
  first_name: "Jana",
  last_name: "Nová",
  working_hours: { "0": { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "17:00" } },
  time_off: [{ start_date: "2027-01-04", end_date: "2027-01-08", note: "Skiing" }],
});
const assistantExample = () => ({ name: "Desk", system_prompt: "Be kind.", vad_settings: { threshold: 0.5, silence_duration_ms: 700 } });
const clientExample = () => ({
  name: "Petra Nová",
  email: "petra@example.com",
  language: "cs",
  preferred_stylist_id: rows.stylist,
  notes: "Likes tea",
  marketing_consent: true,
  phones_add: ["603 111 333"],
  phones_remove: ["+420603111444"],
});
const waitlistExample = () => ({
  name: "Lucie",
  phone: "+420603111444",
  services: [rows.service],
  stylist: rows.stylist,
  weekdays: [1, 3],
  from_time: "09:00",
  until_time: "12:00",
  from_date: DAY,
  until_date: "2027-03-31",
  note: "Mornings",
});
const faqExample = () => ({ question: "Where can I park?", answer: "In the courtyard behind the salon." });
const range = () => ({ start_date: `${DAY}T00:00:00Z`, end_date: `${DAY}T23:59:00Z` });
const voiceForm = () => ({ AccountSid: TWILIO_ACCOUNT, CallSid: `CA${crypto.randomUUID().replaceAll("-", "")}`, To: "+420777000111", From: "+420603111222", FromCity: "Praha", FromCountry: "CZ" });

/**
 * Every route of the app. The first test checks this table against the app's own routes, so a
 * route added without an entry here fails.
 */
const ROUTES: Record<string, RouteInput> = {
  "GET /api/health": {},
  "GET /api/openapi.json": {},
  "GET /api/docs": {},
  "POST /api/auth/register": { kind: "json", schema: registerSchema, example: () => ({ email: "fuzz@example.com", password: "Salon-2026!", invitation: "abc" }) },
  "POST /api/auth/verify-email": { kind: "query", schema: verifyEmailQuery, example: () => ({ token: "abc", user_id: crypto.randomUUID() }) },
  "POST /api/auth/login": { kind: "json", schema: loginSchema, example: () => ({ email: "fuzz@example.com", password: "x" }) },
  "POST /api/auth/refresh": {},
  "POST /api/auth/logout": {},
  "POST /api/auth/forgot-password": { kind: "json", schema: forgotPasswordSchema, example: () => ({ email: "fuzz@example.com" }) },
  "POST /api/auth/reset-password": { kind: "json", schema: resetPasswordSchema, example: () => ({ token: "abc", new_password: "Salon-2026!" }) },
  "GET /api/auth/me": { owner: true },
  "GET /api/browser-ai/:assistantId": {},
  "GET /api/dashboard/salon": { owner: true },
  "PUT /api/dashboard/salon": { kind: "json", schema: salonSchema, owner: true, example: salonExample },
  "GET /api/dashboard/salon/usd-rates": { owner: true },
  "GET /api/dashboard/stylists": { owner: true },
  "POST /api/dashboard/stylists": { kind: "json", schema: stylistSchema, owner: true, example: stylistExample },
  "PUT /api/dashboard/stylists/:id": { kind: "json", schema: stylistSchema, owner: true, example: stylistExample },
  "DELETE /api/dashboard/stylists/:id": { owner: true },
  "GET /api/dashboard/services": { owner: true },
  "POST /api/dashboard/services": { kind: "json", schema: serviceSchema, owner: true, example: () => ({ name: "Cut", duration: 60, price: 30 }) },
  "PUT /api/dashboard/services/:id": { kind: "json", schema: serviceSchema, owner: true, example: () => ({ name: "Cut", duration: 60, price: 30 }) },
  "DELETE /api/dashboard/services/:id": { owner: true },
  "GET /api/dashboard/assistant/configs": { owner: true },
  "GET /api/dashboard/assistant/models": { owner: true },
  "POST /api/dashboard/assistant/config": { kind: "json", schema: assistantConfigSchema, owner: true, example: assistantExample },
  "PUT /api/dashboard/assistant/config/:id": { kind: "json", schema: assistantConfigSchema, owner: true, example: assistantExample },
  "DELETE /api/dashboard/assistant/config/:id": { owner: true },
  "POST /api/dashboard/assistant/:id/call-ticket": { owner: true },
  "GET /api/dashboard/phone-numbers": { owner: true },
  "POST /api/dashboard/phone-numbers": { kind: "json", schema: phoneNumberSchema, owner: true, example: () => ({ phone_number: "+420777000222", assistant_config_id: null }) },
  "PUT /api/dashboard/phone-numbers/:id": { kind: "json", schema: phoneNumberSchema, owner: true, example: () => ({ phone_number: "+420777000333" }) },
  "DELETE /api/dashboard/phone-numbers/:id": { owner: true },
  "GET /api/dashboard/phone-numbers/available": { kind: "query", schema: availableNumbersQuery, owner: true, example: () => ({ country: "CZ", contains: "225" }) },
  "POST /api/dashboard/phone-numbers/purchase": { kind: "json", schema: purchaseSchema, owner: true, example: () => ({ country: "CZ", phone_number: "+420225000999" }) },
  "POST /api/dashboard/phone-numbers/:id/verification": { owner: true },
  "POST /api/dashboard/phone-numbers/:id/verification/code": { kind: "json", schema: verificationCodeSchema, owner: true, example: () => ({ code: "123456" }) },
  "GET /api/dashboard/appointments": { kind: "query", schema: appointmentRangeQuery, owner: true, example: range },
  "GET /api/dashboard/appointments/:id": { owner: true },
  "POST /api/dashboard/appointments": { kind: "json", schema: appointmentSchema, owner: true, example: appointmentExample },
  "PUT /api/dashboard/appointments/:id": { kind: "json", schema: appointmentSchema, owner: true, example: appointmentExample },
  "PATCH /api/dashboard/appointments/:id": {
    kind: "json",
    schema: appointmentMoveSchema,
    owner: true,
    example: () => ({ stylist: rows.stylist, start_datetime: `${DAY}T12:00:00+01:00`, end_datetime: `${DAY}T13:00:00+01:00`, version: 1 }),
  },
  "DELETE /api/dashboard/appointments/:id": { owner: true },
  "PUT /api/dashboard/appointments/:id/no-show": { kind: "json", schema: noShowSchema, owner: true, example: () => ({ no_show: true }) },
  "GET /api/dashboard/availability": { kind: "query", schema: availabilityQuery, owner: true, example: () => ({ ...range(), duration: "60" }) },
  "GET /api/dashboard/setup-progress": { owner: true },
  "GET /api/dashboard/clients": { kind: "query", schema: clientListQuery, owner: true, example: () => ({ q: "Petra 603", limit: "20", offset: "0" }) },
  "GET /api/dashboard/clients/export.csv": { owner: true },
  "GET /api/dashboard/clients/:id": { owner: true },
  "PUT /api/dashboard/clients/:id": { kind: "json", schema: clientUpdateSchema, owner: true, example: clientExample },
  "POST /api/dashboard/clients/:id/merge": { kind: "json", schema: clientMergeSchema, owner: true, example: () => ({ other: crypto.randomUUID() }) },
  "DELETE /api/dashboard/clients/:id": { owner: true },
  "GET /api/dashboard/waitlist": { kind: "query", schema: waitlistQuery, owner: true, example: () => ({ status: "removed" }) },
  "POST /api/dashboard/waitlist": { kind: "json", schema: waitlistEntrySchema, owner: true, example: waitlistExample },
  "PUT /api/dashboard/waitlist/:id": { kind: "json", schema: waitlistEntrySchema, owner: true, example: waitlistExample },
  "DELETE /api/dashboard/waitlist/:id": { owner: true },
  "GET /api/dashboard/outreach/log": { kind: "query", schema: outreachLogQuery, owner: true, example: () => ({ before: `${DAY}T10:00:00+01:00` }) },
  "GET /api/dashboard/questions": { kind: "query", schema: questionListQuery, owner: true, example: () => ({ state: "answered" }) },
  "POST /api/dashboard/questions": { kind: "json", schema: faqEntrySchema, owner: true, example: faqExample },
  "PUT /api/dashboard/questions/:id": { kind: "json", schema: questionAnswerSchema, owner: true, example: faqExample },
  "POST /api/dashboard/questions/:id/dismiss": { owner: true },
  "POST /api/dashboard/questions/:id/reopen": { owner: true },
  "DELETE /api/dashboard/questions/:id": { owner: true },
  "GET /api/dashboard/message-settings": { owner: true },
  "PUT /api/dashboard/message-settings": { kind: "json", schema: messageSettingsSchema, owner: true, example: () => ({ ...MESSAGE_SETTINGS_DEFAULTS, sender_name: "Salon Anna" }) },
  "GET /api/dashboard/client-messages": { kind: "query", schema: appointmentMessagesQuery, owner: true, example: () => ({ appointment: crypto.randomUUID() }) },
  "GET /api/dashboard/client-messages/:id": { owner: true },
  "GET /api/dashboard/team": { owner: true },
  "POST /api/dashboard/team/invitations": { kind: "json", schema: invitationSchema, owner: true, example: () => ({ email: "desk@example.com", name: "Rita", role: "front_desk" }) },
  "POST /api/dashboard/team/invitations/:id/resend": { owner: true },
  "DELETE /api/dashboard/team/invitations/:id": { owner: true },
  "PUT /api/dashboard/team/members/:id": { kind: "json", schema: memberSchema, owner: true, example: () => ({ role: "stylist", stylist_id: rows.stylist, name: "Jana" }) },
  "DELETE /api/dashboard/team/members/:id": { owner: true },
  "GET /api/dashboard/my-schedule": { owner: true },
  "PUT /api/dashboard/my-schedule": { kind: "json", schema: scheduleSchema, owner: true, example: () => ({ working_hours: stylistExample().working_hours, time_off: stylistExample().time_off }) },
  "GET /api/account/salons": { owner: true },
  "PUT /api/account/salon": { kind: "json", schema: salonChoiceSchema, owner: true, example: () => ({ salon_id: crypto.randomUUID() }) },
  "GET /api/invitations/:token": {},
  "POST /api/invitations/:token/accept": { owner: true },
  "GET /api/calls/list": { kind: "query", schema: callListQuery, owner: true, example: () => ({ limit: "50", offset: "0", outcome: "booked", follow_up: "true" }) },
  "GET /api/calls/:id": { owner: true },
  "GET /api/calls/conversation/:id": { owner: true },
  "GET /api/calls/instructions/:id": { owner: true },
  "GET /api/calls/stats": { kind: "query", schema: callStatsQuery, owner: true, example: () => ({ period: "this_week" }) },
  "POST /api/telephony/twilio/voice": { kind: "form", example: voiceForm },
  "GET /api/telephony/twilio/stream/:callId": {},
  "POST /api/telephony/twilio/status": { kind: "form", example: () => ({ ...voiceForm(), CallStatus: "completed", CallDuration: "42" }) },
  "POST /api/telephony/twilio/verification/:phoneNumberId": { kind: "form", example: () => ({ ...voiceForm(), CallStatus: "busy" }) },
  "POST /api/telephony/twilio/offer-call": { kind: "form", example: () => ({ ...voiceForm(), CallStatus: "in-progress", AnsweredBy: "machine_end_beep" }) },
  "POST /api/telephony/twilio/offer-call-status": { kind: "form", example: () => ({ ...voiceForm(), CallStatus: "no-answer", CallDuration: "0" }) },
  "POST /api/telephony/twilio/messaging": { kind: "form", example: () => ({ AccountSid: TWILIO_ACCOUNT, MessageSid: "SM0123", From: "+420603111222", To: "+420777000111", Body: "Hello" }) },
  "POST /api/telephony/twilio/message-status": {
    kind: "form",
    example: () => ({ AccountSid: TWILIO_ACCOUNT, MessageSid: "SM0123", MessageStatus: "delivered", From: "+420777000111", To: "+420603111222" }),
  },
  "POST /api/waitlist/join": { kind: "json", schema: joinWaitlistSchema, example: () => ({ email: "fuzz@example.com" }) },
  "POST /api/waitlist/contact-sales": { kind: "json", schema: contactSalesSchema, example: () => ({ email: "fuzz@example.com", message: "Hello" }) },
  "GET /api/dashboard/booking-page": { owner: true },
  "PUT /api/dashboard/booking-page": {
    kind: "json",
    schema: bookingSettingsSchema,
    owner: true,
    example: () => ({ ...BOOKING_DEFAULTS, enabled: true, slug: rows.bookingSlug, offline_services: [], offline_stylists: [rows.stylist] }),
  },
  "GET /api/dashboard/outreach/settings": { owner: true },
  "PUT /api/dashboard/outreach/settings": { kind: "json", schema: outreachSettingsSchema, owner: true, example: () => ({ ...OUTREACH_DEFAULTS, enabled: true, sms_round: 2 }) },
  "POST /api/dashboard/outreach/fill-gaps": { kind: "json", schema: fillGapsSchema, owner: true, example: () => ({ date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) }) },
  "GET /api/dashboard/stylist-calendars": { owner: true },
  // Nothing listens at the example's address: reading it fails at once, as an unreachable calendar.
  "PUT /api/dashboard/stylist-calendars/:stylistId": { kind: "json", schema: stylistCalendarSchema, owner: true, example: () => ({ url: "http://127.0.0.1:9/none.ics" }) },
  "POST /api/dashboard/stylist-calendars/:stylistId/sync": { owner: true },
  "DELETE /api/dashboard/stylist-calendars/:stylistId": { owner: true },
  "GET /api/dashboard/api-keys": { owner: true },
  "POST /api/dashboard/api-keys": { kind: "json", schema: apiKeyCreateSchema, owner: true, example: () => ({ name: "Sync", scope: "read" }) },
  "POST /api/dashboard/api-keys/:id/revoke": { owner: true },
  "GET /api/dashboard/webhooks": { owner: true },
  // Nothing listens at the examples' address: a test event fails at once, as an unreachable endpoint.
  "POST /api/dashboard/webhooks": { kind: "json", schema: webhookCreateSchema, owner: true, example: () => ({ url: "http://127.0.0.1:9/hooks", description: "CRM", events: ["appointment.created"] }) },
  "PATCH /api/dashboard/webhooks/:id": { kind: "json", schema: webhookUpdateSchema, owner: true, example: () => ({ url: "http://127.0.0.1:9/hooks", events: ["client.created"], enabled: true }) },
  "DELETE /api/dashboard/webhooks/:id": { owner: true },
  "POST /api/dashboard/webhooks/:id/secret": { owner: true },
  "POST /api/dashboard/webhooks/:id/test": { owner: true },
  "GET /api/dashboard/webhooks/:id/deliveries": { kind: "query", schema: webhookDeliveriesQuery, owner: true, example: () => ({ offset: 0 }) },
  "GET /api/book/:slug": {},
  "GET /api/book/:slug/times": { kind: "query", schema: bookingTimesQuery, example: () => ({ services: rows.service, from: DAY, days: 3 }) },
  "POST /api/book/:slug/bookings": {
    kind: "json",
    schema: bookingRequestSchema,
    example: () => ({ services: [rows.service], stylist: null, start_datetime: `${DAY}T14:00:00+01:00`, name: "Eva", phone: "+420603111333", email: "eva@example.com", note: null }),
  },
  "POST /api/book/:slug/waitlist": {
    kind: "json",
    schema: bookingWaitlistSchema,
    example: () => ({ services: [rows.service], stylist: null, weekdays: [1, 5], from_time: "09:00", until_time: "12:00", until_date: DAY, name: "Eva", phone: "+420603111334", note: null }),
  },
  "GET /api/dashboard/calendar-feeds": { owner: true },
  "POST /api/dashboard/calendar-feeds": { kind: "json", schema: calendarFeedSchema, owner: true, example: () => ({ stylist_id: rows.stylist }) },
  "DELETE /api/dashboard/calendar-feeds/:id": { owner: true },
  "GET /api/calendar-feeds/:file": {},
  "GET /api/visit/:token": {},
  "GET /api/visit/:token/slots": { kind: "query", schema: visitSlotsQuery, example: () => ({ date: DAY }) },
  "POST /api/visit/:token/reschedule": { kind: "json", schema: rescheduleSchema, example: () => ({ start_datetime: `${DAY}T14:00:00+01:00` }) },
  "POST /api/visit/:token/cancel": {},
  "GET /api/unsubscribe/:token": {},
  "POST /api/unsubscribe/:token": {},
  "GET /api/dev/mailbox": {},
};

// ---- bad values ------------------------------------------------------------------------

/**
 * A value nested `depth` levels deep. It is kept as its JSON text: the test's own
 * JSON.stringify would overflow the stack on it, as the Worker's would.
 */
class Deep {
  constructor(
    readonly depth: number,
    readonly kind: "array" | "object",
  ) {}
  get text(): string {
    return this.kind === "array" ? `${"[".repeat(this.depth)}1${"]".repeat(this.depth)}` : `${'{"a":'.repeat(this.depth)}1${"}".repeat(this.depth)}`;
  }
  [fc.toStringMethod]() {
    return `Deep(${this.depth}, ${this.kind})`;
  }
}

const DEEP_MARK = `deep-${crypto.randomUUID()}-`;

/** JSON text of generated fields, deep values written in place. */
function jsonText(value: unknown): string {
  const deep: Deep[] = [];
  const text = JSON.stringify(value, (_, item: unknown) => (item instanceof Deep ? `${DEEP_MARK}${deep.push(item) - 1}` : item));
  return text.replace(new RegExp(`"${DEEP_MARK}(\\d+)"`, "g"), (_, index: string) => deep[Number(index)]!.text);
}

/** Any UTF-16 code unit, lone surrogates and NUL included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

const badText = fc.oneof(
  fc.constantFrom(
    "a\u0000b@x.io",
    "\u0000",
    "Jana\u0000",
    "\ud800",
    "x\udfffy",
    "\u0007\u001b[31m",
    "",
    " ",
    "2031-02-31",
    "2031-02-31T10:00:00Z",
    "0000-01-01T00:00:00Z",
    "9999-12-31T23:59:59-05:00",
    "275760-09-13T00:00:00Z",
    "2026-11-23T24:00:00Z",
    "US/Pacific-New",
    "+05:30",
    "-05:30",
    "IST",
    "Etc/GMT+5",
    "1e8",
    "NaN",
    "-1",
    "' or 1=1 --",
    "{{salon_name}}",
    "default",
  ),
  fc.string({ unit: anyCodeUnit, maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.integer({ min: 1000, max: 30_000 }).map((length) => "x".repeat(length)),
);

const badNumber = fc.oneof(
  fc.constantFrom(1e8, 99_999_999.995, 1e308, -1, -0, 0.001, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e-7),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const deep = fc.tuple(fc.integer({ min: 50, max: 10_000 }), fc.constantFrom("array" as const, "object" as const)).map(([depth, kind]) => new Deep(depth, kind));

const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: badText },
  { weight: 2, arbitrary: badNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: deep },
  // Fields the spec lets arrive as JSON text take deep nesting and NUL as text too.
  { weight: 1, arbitrary: deep.map((value) => value.text) },
  { weight: 1, arbitrary: fc.dictionary(fc.oneof(badText, fc.constant("2031-02-31"), fc.constant("2026-12-24")), badText, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.dictionary(fc.string(), badText, { maxKeys: 3 }), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const oddCharacter = fc.constantFrom("\u0000", "\ud800", "\udfff", "\u0007", "\u001b", "\u007f", "\u2028");

/** The same date with an impossible day, a year out of range, or an offset that moves it past 9999. */
function dateVariants(text: string): string[] {
  const rest = text.slice(4);
  return [
    ...["0000", "0001", "1899", "9999"].map((year) => year + rest),
    `${text.slice(0, 5)}02-31${text.slice(10)}`,
    `${text.slice(0, 5)}13-01${text.slice(10)}`,
    ...(text.length > 10 ? ["9999-12-31T23:59:59-05:00", `${text.slice(0, 10)}T24:00:00Z`, `${text.slice(0, 16)}:00+99:00`] : []),
  ];
}

/** A bad value for a field, often made from its good one: a NUL slipped into a name, a price times ten million. */
function spoilt(original: unknown): fc.Arbitrary<unknown> {
  const options: fc.WeightedArbitrary<unknown>[] = [{ weight: 3, arbitrary: badValue }];
  if (typeof original === "string") {
    options.push({ weight: 3, arbitrary: fc.tuple(fc.nat({ max: original.length }), oddCharacter).map(([at, odd]) => original.slice(0, at) + odd + original.slice(at)) });
    if (/^\d{4}-\d{2}-\d{2}/.test(original)) options.push({ weight: 3, arbitrary: fc.constantFrom(...dateVariants(original)) });
  }
  if (typeof original === "number") options.push({ weight: 3, arbitrary: fc.constantFrom(original * 1e7, 1e8, 99_999_999.995, -original - 1, original + 0.001) });
  return fc.oneof(...options);
}

/** A whole body that is not what any route takes. */
const badBody = fc.oneof(
  fc.constantFrom("{", "[", "nul", '{"a":"\\u0000"}', '{"a":"\\ud800"}', "1e999", '"x"', "null", "[]"),
  deep.map((value) => value.text),
  fc.string({ unit: anyCodeUnit, maxLength: 60 }),
);

const badId = fc.oneof(
  fc.constantFrom("a\u0000b", "00000000-0000-0000-0000-00000000000g", "..", "%", "default", "-1"),
  fc.uuid(),
  fc.string({ unit: anyCodeUnit, minLength: 1, maxLength: 40 }),
);

// ---- requests --------------------------------------------------------------------------

type Path = (string | number)[];

interface Generated {
  /** Values set at paths of the example (some new, most spoilt), and paths left out. */
  changes: [Path, unknown][];
  missing: Path[];
  /** Instead of the example: a raw body. */
  raw: string | null;
  /** Path parameters in place of the rows' ids, when given. */
  id: string | null;
  language: string;
}

/** Every path into a value: its fields, their fields, the items of its lists. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    return [path, ...pathsOf(item, path)];
  });
}

const valueAt = (root: unknown, path: Path) => path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], root);

/** The parent of `path` inside `root`, made an object where it was not one. */
function parentOf(root: Fields, path: Path): Record<string | number, unknown> {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== "object" || node[key] === null) node[key] = {};
    node = node[key] as Record<string | number, unknown>;
  }
  return node;
}

/** The example with the generated changes made. */
function fieldsOf(route: RouteInput, input: Generated): Fields {
  const fields = structuredClone(route.example?.() ?? {});
  for (const path of input.missing) delete parentOf(fields, path)[path.at(-1)!];
  for (const [path, value] of input.changes) parentOf(fields, path)[path.at(-1)!] = value;
  return fields;
}

function generated(route: RouteInput): fc.Arbitrary<Generated> {
  const example = route.example?.() ?? {};
  const paths = [...Object.keys(route.schema?.def.shape ?? {}).map((key) => [key]), ...pathsOf(example)];
  const newKey = fc.string({ maxLength: 8 }).map((key): Path => [key]);
  const path = paths.length ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...paths) }, newKey) : newKey;
  const change = path.chain((at) => spoilt(valueAt(example, at)).map((value): [Path, unknown] => [at, value]));
  const changes = fc.array(change, { minLength: 1, maxLength: 3 });
  const missing = fc.subarray(paths, { maxLength: Math.min(2, paths.length) });
  const body = fc.oneof(
    { weight: 8, arbitrary: fc.record({ changes, missing, raw: fc.constant(null) }) },
    { weight: route.kind === "json" ? 1 : 0, arbitrary: badBody.map((raw) => ({ changes: [] as [Path, unknown][], missing: [] as Path[], raw })) },
  );
  return fc.record({ body, id: fc.option(badId, { freq: 2 }), language: fc.constantFrom("en", "de", "cs", "xx") }).map(({ body, id, language }) => ({
    ...body,
    id,
    language,
  }));
}

const pathIds: Record<string, () => string> = {
  stylists: () => rows.stylist,
  services: () => rows.service,
  config: () => rows.assistant,
  assistant: () => rows.assistant,
  "phone-numbers": () => rows.phoneNumber,
  appointments: () => rows.appointment,
  clients: () => rows.client,
  questions: () => rows.question,
  waitlist: () => rows.waitlistEntry,
  "stylist-calendars": () => rows.stylist,
  webhooks: () => rows.webhook,
  conversation: () => rows.callId,
  instructions: () => rows.callId,
  stream: () => rows.callId,
  "browser-ai": () => "default",
  visit: () => rows.visitToken,
  book: () => rows.bookingSlug,
  "calendar-feeds": () => rows.calendarFeedFile,
  unsubscribe: () => rows.unsubscribeToken,
  verification: () => rows.phoneNumber,
};

/** Every byte percent-encoded: encodeURIComponent refuses lone surrogates. */
const encoded = (text: string) => Array.from(new TextEncoder().encode(text), (byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");

/** The path with its parameter filled: a row of the owner's salon, or the generated id. */
function pathOf(pattern: string, id: string | null): string {
  return pattern.replace(/\/([^/]+)\/:\w+/, (_, parent: string) => `/${parent}/${encoded(id ?? pathIds[parent]?.() ?? crypto.randomUUID())}`);
}

/** Form and query values are text: whatever was generated, as text. */
const asText = (value: unknown) => (typeof value === "string" ? value : jsonText(value));

let token = "";

async function send(key: string, route: RouteInput, input: Generated) {
  const [method, pattern] = key.split(" ") as [string, string];
  const url = new URL(`http://localhost${pathOf(pattern, input.id)}`);
  const headers = new Headers({ "accept-language": input.language, "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}` });
  if (route.owner) headers.set("authorization", `Bearer ${token}`);
  let body: string | undefined;
  const fields = fieldsOf(route, input);
  if (route.kind === "query") {
    for (const [name, value] of Object.entries(fields)) url.searchParams.append(name, asText(value));
  } else if (route.kind === "form") {
    const form = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, asText(value)]));
    body = new URLSearchParams(form).toString();
    headers.set("content-type", "application/x-www-form-urlencoded");
    headers.set("x-twilio-signature", await twilioSignature(TWILIO_TOKEN, `${fuzzEnv.APP_URL}${url.pathname}`, form));
  } else if (method !== "GET") {
    body = input.raw ?? jsonText(fields);
    headers.set("content-type", "application/json");
  }
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(url, { method, headers, body }), fuzzEnv, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, text };
}

/** The generated input, long texts cut short, for the report of a failure. */
const summary = (input: Generated) =>
  JSON.stringify(input, (_, value: unknown) => (typeof value === "string" && value.length > 80 ? `${value.slice(0, 80)}… (${value.length} characters)` : value));

/** A refusal must read `{"detail": "..."}`. */
function hasDetail(text: string): boolean {
  try {
    const detail = (JSON.parse(text) as { detail?: unknown }).detail;
    return typeof detail === "string" && detail.length > 0;
  } catch {
    return false;
  }
}

describe("fuzzing every route", () => {
  beforeAll(async () => {
    token = (await login((await registerAndVerify()).email)).token;
    const make = async (path: string, body: Fields) =>
      (await api(`/api/dashboard/${path}`, { body, headers: { authorization: `Bearer ${token}` } })).json.id as string;
    rows.stylist = await make("stylists", { first_name: "Jana", last_name: "Nová" });
    rows.service = await make("services", { name: "Cut", duration: 60, price: 30 });
    rows.appointment = await make("appointments", appointmentExample());
    rows.client = ((await api("/api/dashboard/clients", { headers: { authorization: `Bearer ${token}` } })).json.items as { id: string }[])[0]!.id;
    rows.assistant = await make("assistant/config", { name: "Desk" });
    rows.phoneNumber = await make("phone-numbers", { phone_number: "+420777000111", assistant_config_id: rows.assistant });
    rows.question = await make("questions", faqExample());
    rows.waitlistEntry = await make("waitlist", waitlistExample());
    rows.bookingSlug = `fuzz-${crypto.randomUUID().slice(0, 8)}`;
    await api("/api/dashboard/booking-page", {
      method: "PUT",
      body: { ...BOOKING_DEFAULTS, enabled: true, slug: rows.bookingSlug },
      headers: { authorization: `Bearer ${token}` },
    });
    const feed = await api("/api/dashboard/calendar-feeds", { body: { stylist_id: null }, headers: { authorization: `Bearer ${token}` } });
    rows.calendarFeedFile = `${feed.json.token as string}.ics`;
    rows.webhook = await make("webhooks", { url: "http://127.0.0.1:9/hooks", events: ["appointment.created"] });
    rows.visitToken = await signLink(fuzzEnv.JWT_SECRET!, "visit", rows.appointment);
    rows.unsubscribeToken = await signLink(fuzzEnv.JWT_SECRET!, "unsubscribe", rows.appointment);
    expect(Object.values(rows).every(Boolean)).toBe(true);
  });

  it("has an entry for every route of the app", () => {
    const routes = new Set(app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`));
    expect([...routes].sort()).toEqual(Object.keys(ROUTES).sort());
  });

  // One test per route, bounded by its number of requests: a slow machine takes longer over
  // each route, never over one clock for all of them. A failure names the seed: put it in
  // place of Date.now() to replay the same requests.
  const seed = Date.now();
  it.each(Object.entries(ROUTES))("answers %s with no 500 or worse, and every refusal with a detail", async (key, route) => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(generated(route), async (input) => {
        const { status, text } = await send(key, route, input);
        if (status >= 500 || (status >= 400 && !hasDetail(text))) failures.push(`${status} ${text.slice(0, 160)} <- ${summary(input)}`);
      }),
      { numRuns: RUNS_PER_ROUTE, seed },
    );
    expect(failures, `${key}, seed ${seed}`).toEqual([]);
  });
});
