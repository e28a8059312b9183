import { Resend } from "resend";
import type { MessageChannel } from "../../../contract/client-messages.ts";
import { usdRates } from "../../platform/currency.ts";
import {
  claimMessage,
  dueMessages,
  dueReminders,
  markAttemptFailed,
  markSent,
  markSkipped,
  optOut,
  recordPrice,
  type ClaimedMessage,
} from "../../data/client-messages.ts";
import { database, requestDatabase, type Database } from "../../data/db.ts";
import { beforeTenant, withTenant, type Tenant, type TenantScope } from "../../data/tenant.ts";
import type { Bindings } from "../../env.ts";
import { fetchMessage, findSentSms, sendSms } from "../../calls/telephony/twilio-messages.ts";
import { TwilioRestError, twilioConfig, type TwilioConfig } from "../../calls/telephony/twilio-rest.ts";
import { clientMessaging, queueVisitMessages } from "./compose.ts";
import { deliverInBackground } from "../../salon/webhooks/deliver.ts";
import { linkMaker, signLink } from "./links.ts";

/**
 * Sends clients' messages: SMS through Twilio, email through Resend. Each attempt claims its
 * message with a lease in a transaction of its own, talks to the provider outside any
 * transaction, then writes what came of it. An attempt that dies in between leaves its
 * message to be taken up when the lease runs out: an email goes again under the same
 * idempotency key (Resend sends it once), an SMS is first looked for at Twilio, where it is
 * found if it went. A provider's refusal of the message itself ends it; an outage is tried
 * again later, up to a bound.
 */

const LEASE_SECONDS = 60;
/** Minutes before the next attempt after each failed one; after the last, the message has failed. */
export const RETRY_MINUTES = [1, 5, 15, 60] as const;
const MAX_ATTEMPTS = RETRY_MINUTES.length + 1;
/** Messages sent per cron run, and reminders written. */
const BATCH = 50;

interface Providers {
  twilio: TwilioConfig | undefined;
  resend: Resend | undefined;
  /** Where Twilio reports an SMS's delivery (signed for APP_URL, so only with one). */
  statusUrl: ((id: string) => string) | undefined;
  mailUnsubscribe: ((id: string) => Promise<string>) | undefined;
}

function providers(env: Bindings): Providers {
  const links = linkMaker(env);
  return {
    twilio: twilioConfig(env),
    resend: env.RESEND_API_KEY ? new Resend(env.RESEND_API_KEY, { baseUrl: env.RESEND_BASE_URL }) : undefined,
    statusUrl: links ? (id) => `${links.origin}/api/telephony/twilio/message-status?message=${id}` : undefined,
    mailUnsubscribe: links ? async (id) => `${links.origin}/api/unsubscribe/${await signLink(links.secret, "unsubscribe", id)}` : undefined,
  };
}

/** What an attempt came to. */
type Outcome =
  | { sent: true; providerId: string | null; segments: number | null }
  | { sent: false; error: string; retry: boolean; optedOut?: boolean };

const retryAt = (attempts: number) => (attempts < MAX_ATTEMPTS ? new Date(Date.now() + RETRY_MINUTES[attempts - 1]! * 60_000) : null);

/** Twilio refusals of the message itself: resending would be refused again. */
const isRefusal = (error: unknown) => error instanceof TwilioRestError && error.status >= 400 && error.status < 500 && error.status !== 429;
/** Twilio's "Attempt to send to unsubscribed recipient": the client replied STOP to this sender. */
const UNSUBSCRIBED = 21610;

async function sendOneSms(p: Providers, message: ClaimedMessage): Promise<Outcome> {
  const twilio = p.twilio!;
  try {
    if (message.abandoned) {
      const found = await findSentSms(twilio, { to: message.recipient, from: message.sender!, body: message.body, since: message.created_at });
      if (found) return { sent: true, providerId: found.sid, segments: found.segments };
    }
    const sent = await sendSms(twilio, { to: message.recipient, from: message.sender!, body: message.body, statusCallback: p.statusUrl?.(message.id) ?? null });
    return { sent: true, providerId: sent.sid, segments: sent.segments };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { sent: false, error: text, retry: !isRefusal(error), optedOut: error instanceof TwilioRestError && error.code === UNSUBSCRIBED };
  }
}

async function sendOneEmail(p: Providers, message: ClaimedMessage): Promise<Outcome> {
  const unsubscribe = await p.mailUnsubscribe?.(message.id);
  const { data, error } = await p.resend!.emails.send(
    {
      from: message.sender!,
      to: message.recipient,
      subject: message.subject ?? "",
      text: message.body,
      ...(message.html_body ? { html: message.html_body } : {}),
      ...(message.reply_to ? { replyTo: message.reply_to } : {}),
      // One-click unsubscribe (RFC 8058), which mail apps show beside the sender.
      ...(unsubscribe ? { headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {}),
    },
    { idempotencyKey: message.id },
  ).catch((cause: unknown) => ({ data: null, error: { message: String(cause), name: "application_error" } }));
  if (!error) return { sent: true, providerId: data?.id ?? null, segments: null };
  // Resend's refusals of the mail itself (a bad address, a missing field) stay refused.
  const refused = ["validation_error", "invalid_from_address", "missing_required_field", "invalid_parameter"].includes(error.name);
  return { sent: false, error: error.message, retry: !refused };
}

/** The channels that can send now: those whose provider is configured. The rest wait queued. */
const ready = (p: Providers): MessageChannel[] => [...(p.twilio ? (["sms"] as const) : []), ...(p.resend ? (["email"] as const) : [])];

/** One attempt at one message of the salon, if it is there to take. */
async function attempt(db: Database, p: Providers, tenant: Tenant, id: string): Promise<void> {
  const message = await withTenant(db, tenant, (scope) => claimMessage(scope, id, LEASE_SECONDS, ready(p)));
  if (!message) return;
  const outcome = message.channel === "sms" ? await sendOneSms(p, message) : await sendOneEmail(p, message);
  await withTenant(db, tenant, async (scope: TenantScope) => {
    if (outcome.sent) return markSent(scope, id, outcome.providerId, outcome.segments);
    if (outcome.optedOut) {
      await optOut(scope, "sms", message.recipient);
      return markSkipped(scope, id, "opted_out");
    }
    return markAttemptFailed(scope, id, outcome.error, outcome.retry ? retryAt(message.attempts) : null);
  });
}

async function sendAll(env: Bindings, db: Database, targets: { tenant: Tenant; id: string }[]): Promise<void> {
  const p = providers(env);
  if (ready(p).length === 0) return;
  for (const { tenant, id } of targets) {
    try {
      await attempt(db, p, tenant, id);
    } catch (error) {
      // The message stays claimed; its lease runs out and the cron takes it up.
      console.error(`client message ${id}: sending failed`, error);
    }
  }
}

/**
 * Sends the messages a change queued, after the answer has gone out, on a connection of its
 * own (the request's closes with the answer), and the salon's webhooks the change recorded.
 * Whatever cannot go now the cron sends.
 */
export function sendInBackground(env: Bindings, ctx: Pick<ExecutionContext, "waitUntil">, tenant: Tenant, ids: string[]): void {
  deliverInBackground(env, ctx, tenant);
  if (ids.length === 0) return;
  const { db, close } = requestDatabase(env);
  ctx.waitUntil(sendAll(env, db, ids.map((id) => ({ tenant, id }))).finally(close));
}

/**
 * The cron's part: writes the reminders whose time has come (once per appointment and start
 * time, whatever runs at once), then sends every message due, retries and abandoned ones too.
 */
export async function sendDueMessages(env: Bindings): Promise<void> {
  const db = database(env);
  const messaging = clientMessaging(env);
  for (const reminder of await beforeTenant(db, (scope) => dueReminders(scope, BATCH))) {
    try {
      await withTenant(db, reminder, (scope) => queueVisitMessages(scope, messaging, reminder.id, "reminder"));
    } catch (error) {
      console.error(`appointment ${reminder.id}: its reminder could not be written`, error);
    }
  }
  const due = await beforeTenant(db, (scope) => dueMessages(scope, BATCH));
  await sendAll(env, db, due.map(({ id, ...tenant }) => ({ tenant, id })));
}

/** Tries for an SMS's price a few times while Twilio rates it; its cost stays unknown otherwise. */
const PRICE_ATTEMPTS_MS = [0, 8_000, 16_000];

export async function storeSmsPrice(env: Bindings, db: Database, tenant: Tenant, id: string, sid: string): Promise<void> {
  const twilio = twilioConfig(env);
  if (!twilio) return;
  for (const delay of PRICE_ATTEMPTS_MS) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const message = await fetchMessage(twilio, sid);
      if (message.price === null) continue;
      if (message.priceUnit && message.priceUnit !== "USD") return;
      const price = message.price;
      await withTenant(db, tenant, (scope) => recordPrice(scope, id, price, usdRates(env).EUR));
      return;
    } catch (error) {
      console.warn(`message ${sid}: its price could not be read`, error);
      return;
    }
  }
}
