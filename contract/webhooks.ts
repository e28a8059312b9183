import { z } from "zod/mini";
import { queryInt } from "./calls.ts";
import { requestBody } from "./errors.ts";
import { optionalText, plainText } from "./text.ts";

/**
 * Addresses of the salon's other systems that are told when something happens
 * (`/api/dashboard/webhooks`, for the owner only). Every delivery is signed the Standard
 * Webhooks way: headers `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature` ("v1," + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the
 * endpoint's secret, the bytes after "whsec_" read as base64). A delivery that fails is tried
 * again with growing waits; the events of one appointment arrive in the order they happened.
 */

export const WEBHOOK_EVENTS = [
  "appointment.created",
  "appointment.updated",
  "appointment.cancelled",
  "call.completed",
  "client.created",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** What "Send test event" sends; no endpoint subscribes to it, each may be sent it. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_LIMITS = {
  url: 500,
  description: 80,
  /** Endpoints per salon. */
  endpoints: 10,
  /** The largest body sent, in bytes. */
  payloadBytes: 64_000,
  /** How long an endpoint may take to answer, in milliseconds. */
  timeoutMs: 10_000,
  /** Attempts before a delivery is given up: waits of about 1, 5, 30 minutes, 2, 6 and 12 hours. */
  attempts: 7,
  /** Test events per endpoint per hour. */
  testsPerHour: 20,
  /** Deliveries per page of the log. */
  logPage: 20,
} as const;

/** What every secret starts with, as Standard Webhooks libraries expect. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** An https address with a host; plain http only to hosts the server allows (a test's receiver). */
const endpointUrl = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" ? value.trim() : value)),
  z.string({ error: "validation.webhook.url" }).check(
    z.maxLength(WEBHOOK_LIMITS.url, { error: "validation.webhook.url" }),
    z.regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, { error: "validation.webhook.url" }),
    plainText("validation.webhook.url"),
  ),
);

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: "validation.webhook.events" }), { error: "validation.webhook.events" })
  .check(z.minLength(1, { error: "validation.webhook.events" }), z.maxLength(WEBHOOK_EVENTS.length, { error: "validation.webhook.events" }));

/** POST /dashboard/webhooks. */
export const webhookCreateSchema = requestBody({
  url: endpointUrl,
  description: optionalText(WEBHOOK_LIMITS.description),
  events,
});
export type WebhookCreateBody = z.output<typeof webhookCreateSchema>;

/** PATCH /dashboard/webhooks/:id: any of the fields; `enabled: false` pauses deliveries (they wait, and go when it is on again). */
export const webhookUpdateSchema = requestBody({
  url: z.optional(endpointUrl),
  description: z.optional(optionalText(WEBHOOK_LIMITS.description)),
  events: z.optional(events),
  enabled: z.optional(z.boolean({ error: "validation.boolean" })),
});
export type WebhookUpdateBody = z.output<typeof webhookUpdateSchema>;

/** GET /dashboard/webhooks/:id/deliveries?offset=: the page from `offset`, WEBHOOK_LIMITS.logPage long. */
export const webhookDeliveriesQuery = z.object({
  offset: queryInt(0, 0, 1_000_000_000, "validation.calls.offset"),
});

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  /** The secret's first characters, e.g. "whsec_A1b2C3"; the whole is shown only when made or replaced. */
  secret_prefix: string;
  created_at: string;
  /** The latest delivery's outcome, or null before the first. */
  last_delivery: { status: WebhookDeliveryStatus; response_status: number | null; at: string } | null;
}

/** The answer to POST and to POST /:id/secret: the secret itself, this once. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
}

/** One event sent to one endpoint, and how its attempts went. */
export interface WebhookDelivery {
  id: string;
  /** The `webhook-id` header: the same on every attempt of the delivery. */
  event_id: string;
  event_type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The HTTP status of the last attempt, null when none was answered. */
  response_status: number | null;
  /** Why the last attempt failed: "timeout", "unreachable", "http" or null. */
  error: "timeout" | "unreachable" | "http" | null;
  created_at: string;
  last_attempt_at: string | null;
  /** When a pending delivery is tried next. */
  next_attempt_at: string | null;
}

/** GET /dashboard/webhooks/:id/deliveries?offset=: newest first. */
export interface WebhookDeliveryPage {
  items: WebhookDelivery[];
  total: number;
}

/** An appointment as an event tells it: `appointment.created`, `.updated` and `.cancelled`. */
export interface WebhookAppointmentData {
  id: string;
  status: "booked" | "cancelled";
  start: string;
  end: string;
  stylist: { id: string | null; name: string };
  services: { id: string | null; name: string; price: number | null; duration: number | null }[];
  client: { id: string | null; name: string | null; phone: string | null; email: string | null };
  /** The services' prices added up, in the salon's currency; null when none has a price. */
  price: number | null;
  currency: string;
  source: "dashboard" | "voice" | "online" | "outreach";
}

/** A call whose outcome and summary are settled: `call.completed`. */
export interface WebhookCallData {
  id: string;
  direction: "inbound" | "outbound";
  /** E.164, or "browser" for a call made in the browser. */
  from: string | null;
  to: string | null;
  started_at: string;
  /** Seconds. */
  duration: number | null;
  outcome: string | null;
  summary: string | null;
  follow_up: boolean | null;
  follow_up_reason: string | null;
}

/** A client the salon did not know before: `client.created`. */
export interface WebhookClientData {
  id: string;
  name: string | null;
  phone: string | null;
  email: string | null;
}

/** The JSON body of every delivery. */
export type WebhookPayload =
  | { type: "appointment.created" | "appointment.updated" | "appointment.cancelled"; timestamp: string; data: WebhookAppointmentData }
  | { type: "call.completed"; timestamp: string; data: WebhookCallData }
  | { type: "client.created"; timestamp: string; data: WebhookClientData }
  | { type: typeof WEBHOOK_TEST_EVENT; timestamp: string; data: { endpoint_id: string } };
