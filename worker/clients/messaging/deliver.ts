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
import { requestDatabase, type Database } from "../../data/db.ts";
import { beforeTenant, withTenant, type Tenant, type TenantScope } from "../../data/tenant.ts";
import type { Bindings } from "../../env.ts";
import { fetchMessage, findSentSms, sendSms } from "../../calls/telephony/twilio-messages.ts";
import { TwilioRestError, twilioConfig, type TwilioConfig } from "../../calls/telephony/twilio-rest.ts";
import { clientMessaging, queueVisitMessages } from "./compose.ts";
import { deliverInBackground } from "../../salon/webhooks/deliver.ts";
import { linkMaker, signLink } from "./links.ts";
import { outbox, realClock, task } from "../../jobs/runner.ts";

/**
 * Sends clients' messages: SMS through Twilio, email through Resend. Each attempt claims its
 * message with a lease in a transaction of its own, talks to the provider outside any
 * transaction, then writes what came of it. An attempt that dies in between leaves its
 * message to be taken up when the lease runs out: an email goes again under the same
 * idempotency key (Resend sends it once), an SMS is first looked for at Twilio, where it is
 * found if it went. A provider's refusal of the message itself ends it; an outage is tried
 * again on the runner's schedule, up to five attempts.
 */

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

type DueMessage = { id: string; tenant: Tenant };

export const messageJob = outbox<DueMessage, ClaimedMessage & { tenant: Tenant }, string>({
  name: "client messages",
  // Offers of freed time and reminders are written first, so this run sends them with the rest.
  after: ["reminders", "outreach"],
  leaseSeconds: 60,
  attempts: 5,
  batch: BATCH,
  due: async ({ env, db, clock }, batch) => {
    if (ready(providers(env)).length === 0) return [];
    return (await beforeTenant(db, (scope) => dueMessages(scope, clock.now(), batch))).map(({ id, ...tenant }) => ({ id, tenant }));
  },
  claim: async ({ env, db }, { id, tenant }, lease) => {
    const message = await withTenant(db, tenant, (scope) => claimMessage(scope, id, lease, ready(providers(env))));
    return message ? { ...message, tenant } : null;
  },
  attempt: async ({ env, db }, message) => {
    const p = providers(env);
    const outcome = message.channel === "sms" ? await sendOneSms(p, message) : await sendOneEmail(p, message);
    if (!outcome.sent && !outcome.optedOut) return { failure: outcome.error, retry: outcome.retry };
    await withTenant(db, message.tenant, async (scope: TenantScope) => {
      if (outcome.sent) return markSent(scope, message.id, outcome.providerId, outcome.segments);
      await optOut(scope, "sms", message.recipient);
      return markSkipped(scope, message.id, "opted_out");
    });
    return "settled";
  },
  failed: ({ db }, message, error, retryAt) => withTenant(db, message.tenant, (scope) => markAttemptFailed(scope, message.id, error, retryAt)),
  abandoned: "The attempt ended before what came of it was written.",
});

/**
 * Sends the messages a change queued, after the answer has gone out, on a connection of its
 * own (the request's closes with the answer), and the salon's webhooks the change recorded.
 * Whatever cannot go now the cron sends.
 */
export function sendInBackground(env: Bindings, ctx: Pick<ExecutionContext, "waitUntil">, tenant: Tenant, ids: string[]): void {
  deliverInBackground(env, ctx, tenant);
  if (ids.length === 0) return;
  const { db, close } = requestDatabase(env);
  ctx.waitUntil(messageJob.attemptNow({ env, db, clock: realClock }, ids.map((id) => ({ id, tenant }))).finally(close));
}

/** Writes the reminders whose time has come, once per appointment and start time, whatever runs at once. */
export const reminderJob = task({
  name: "reminders",
  run: async ({ env, db, clock }) => {
    const messaging = clientMessaging(env);
    const now = clock.now();
    for (const reminder of await beforeTenant(db, (scope) => dueReminders(scope, BATCH, now))) {
      try {
        await withTenant(db, reminder, (scope) => queueVisitMessages(scope, messaging, reminder.id, "reminder", now));
      } catch (error) {
        console.error(`appointment ${reminder.id}: its reminder could not be written`, error);
      }
    }
  },
});

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
