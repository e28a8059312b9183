import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { inject } from "vitest";
import worker from "../../worker/index.ts";
import { app } from "../../worker/app.ts";
import type { Bindings } from "../../worker/env.ts";
import { twilioSignature } from "../../worker/calls/telephony/twilio-signature.ts";
import { sql } from "./auth-helpers.ts";
import { czechSalon } from "./client-helpers.ts";
import type { Json } from "./helpers.ts";

/** What the tests of clients' messages share: the fakes' inboxes, a texting salon, the cron, Twilio's signed posts. */

export const TWILIO = inject("twilioUrl");
export const RESEND = inject("resendUrl");
export const TOKEN = inject("twilioAuthToken");
export const ACCOUNT = inject("twilioAccountSid");

/** The Worker as production runs it: Twilio (already set for every worker test) and Resend, both fakes here. */
export const live: Bindings = { ...(env as Bindings), RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: RESEND };

export const fake = async <T,>(base: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${base}${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  return (await response.json()) as T;
};

export interface FakeSms {
  sid: string;
  status: string;
  to: string;
  from: string;
  body: string;
}
export interface FakeEmail {
  idempotencyKey: string | undefined;
  body: { from: string; to: string | string[]; subject: string; text?: string; html?: string; headers?: Record<string, string>; reply_to?: unknown };
}
export const smsTo = async (to: string) => (await fake<FakeSms[]>(TWILIO, "/__messages")).filter((m) => m.to === to);
export const emailsTo = async (to: string) => (await fake<FakeEmail[]>(RESEND, "/__received")).filter((m) => [m.body.to].flat().includes(to));

let next = 100_000 + Math.floor(Math.random() * 800_000);
/** A Czech mobile number of its own per use. */
export const mobile = () => `+420777${next++}`;

/** A request to the app under `bindings`, answered once its background work (sending) is done. */
export async function request(path: string, init: RequestInit & { headers?: Record<string, string> }, bindings: Bindings = live) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://localhost${path}`, init), bindings, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return { status: response.status, text, json: (text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : {}) as Json };
}

/** A run of the cron under `bindings`, finished. */
export async function cron(bindings: Bindings = live) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController(), bindings, ctx);
  await waitOnExecutionContext(ctx);
}

/** Twilio's signed form post to one of the product's webhooks. */
export async function twilioPost(path: string, form: Record<string, string>) {
  const signature = await twilioSignature(TOKEN, `http://app.test${path}`, form);
  return request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: new URLSearchParams(form).toString(),
  });
}

/** A Czech salon that texts from a number it bought here, with a client who speaks German and has an email. */
export async function texting() {
  const salon = await czechSalon();
  const number = `+42022599${String(next++).slice(-4)}`;
  await fake(TWILIO, "/__inventory", { country: "CZ", type: "local", phone_number: number, locality: "Praha" });
  const bought = await salon.owner.call("/api/dashboard/phone-numbers/purchase", { body: { country: "CZ", phone_number: number } });
  if (bought.status !== 201) throw new Error(`purchase: ${bought.text}`);
  await sql`update salons set name = 'Salon Jana', address = 'Dlouhá 12', postal_code = '110 00', city = 'Praha', phone = '+420 222 333 444', email = 'salon@example.com' where id = ${salon.salonId}`;
  // No quiet hours, so what these tests send goes whatever the hour they run at (quiet hours have a test of their own).
  await sql`update message_settings set quiet_start = '00:00', quiet_end = '00:00' where salon_id = ${salon.salonId}`;
  const phone = mobile();
  const email = `client-${crypto.randomUUID().slice(0, 8)}@example.com`;
  /** Books an appointment as the dashboard does, sending what it queues; answers its id. */
  const book = async (start: Date, customer = { customer_name: "Lena Vogel", customer_phone: phone }) => {
    const response = await request("/api/dashboard/appointments", {
      method: "POST",
      headers: { ...salon.owner.headers, "content-type": "application/json" },
      body: JSON.stringify({
        ...customer,
        stylist: salon.stylist,
        start_datetime: start.toISOString(),
        end_datetime: new Date(start.getTime() + 45 * 60_000).toISOString(),
        services: [{ service: salon.service, price_at_booking: null, duration_at_booking: null }],
      }),
    });
    if (response.status !== 201) throw new Error(`booking: ${response.text}`);
    return response.json.id as string;
  };
  /** Makes the client of an appointment a German speaker with an email. */
  const knowClient = async (appointmentId: string) => {
    await sql`update clients set language = 'de', email = ${email} where id = (select client_id from appointments where id = ${appointmentId})`;
  };
  const messagesOf = (appointmentId: string) =>
    sql<{ id: string; kind: string; channel: string; state: string; skip_reason: string | null; recipient: string | null; body: string; subject: string | null; language: string; attempts: number; provider_id: string | null; due_at: Date; error: string | null }[]>`
      select id, kind, channel, state, skip_reason, recipient, body, subject, language, attempts, provider_id, due_at, error
      from client_messages where appointment_id = ${appointmentId} order by created_at, channel`;
  return { ...salon, number, phone, email, book, knowClient, messagesOf };
}

/** 10:00 Prague time (winter), `days` from now. */
export function dayAhead(days: number): Date {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(9, 0, 0, 0);
  return date;
}
