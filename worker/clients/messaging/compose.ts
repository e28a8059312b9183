import max from "libphonenumber-js/max/metadata";
import { composeMessage, salonFacts, type VisitFacts } from "../../../contract/client-message-texts.ts";
import { CONFIRMATIONS_PER_DAY, MESSAGE_CHANNELS, type MessageChannel, type MessageKind, type SkipReason } from "../../../contract/client-messages.ts";
import { EMAIL_PATTERN } from "../../../contract/email.ts";
import { parsePhone, salonCountry } from "../../../contract/phone.ts";
import { minutesOf, wallTime, zonedInstant } from "../../../contract/time-zone.ts";
import { messageSubject, optedOut, queueMessages, recentConfirmations, type MessageSubject, type NewMessage } from "../../data/client-messages.ts";
import type { TenantScope } from "../../data/tenant.ts";
import { linkMaker, linkUrl, visitLinkExpiry, type LinkMaker } from "./links.ts";

/**
 * Writes an appointment's messages of one kind, an SMS and an email, in the client's language,
 * in the caller's transaction. A channel that cannot or may not be used gets its message all
 * the same, skipped with the reason, so the owner sees why a client heard nothing.
 */

/** What messages are written with: where their links point, and the platform's mail sender. */
export interface ClientMessaging {
  links: LinkMaker | undefined;
  /** "Name <address>": the address client emails come from, under the salon's name. */
  mailFrom: string;
}

export function clientMessaging(env: { APP_URL?: string; JWT_SECRET?: string; MAIL_FROM: string }): ClientMessaging {
  return { links: linkMaker(env), mailFrom: env.MAIL_FROM };
}

/** Number types a text message reaches (libphonenumber's; undefined when the plan does not tell). */
export const TEXTABLE = new Set([undefined, "MOBILE", "FIXED_LINE_OR_MOBILE", "PERSONAL_NUMBER"]);

/** The key that makes a message of this kind for this appointment one message. */
export function dedupeKey(kind: MessageKind, appointment: MessageSubject["appointment"]): string {
  if (kind === "reminder") return String(Math.floor(appointment.start_at.getTime() / 1000));
  // Each move is its own news: the appointment's change time tells one from the next.
  if (kind === "moved") return String(appointment.updated_at.getTime());
  return kind;
}

/**
 * When an SMS may go: now, or once the salon's quiet hours end (its wall clock, so a clock
 * change is followed). Quiet hours may span midnight (21:00–08:00) or not (12:00–13:00).
 */
export function afterQuietHours(now: Date, timeZone: string, quiet: { quiet_start: string; quiet_end: string }): Date {
  const start = minutesOf(quiet.quiet_start);
  const end = minutesOf(quiet.quiet_end);
  if (start === end) return now;
  const local = wallTime(now, timeZone);
  const minute = local.hour * 60 + local.minute;
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return now;
  const endDay = start < end || minute < end ? local : wallTime(new Date(zonedInstant({ ...local, hour: 12, minute: 0 }, timeZone).getTime() + 86_400_000), timeZone);
  return zonedInstant({ year: endDay.year, month: endDay.month, day: endDay.day, hour: Math.floor(end / 60), minute: end % 60 }, timeZone);
}

function smsTarget(subject: MessageSubject): { recipient: string | null; sender: string | null; skip: SkipReason | null } {
  const { appointment, settings, salon } = subject;
  const sender = settings.sender_name ?? subject.salonNumbers[0] ?? null;
  if (!appointment.customer_phone) return { recipient: null, sender, skip: "no_recipient" };
  const phone = parsePhone(appointment.customer_phone, salonCountry(salon, max), max);
  if (!phone?.isValid()) return { recipient: appointment.customer_phone.slice(0, 254), sender, skip: "invalid_recipient" };
  const recipient = phone.number;
  if (!TEXTABLE.has(phone.getType())) return { recipient, sender, skip: "not_mobile" };
  if (!sender) return { recipient, sender, skip: "no_sender" };
  return { recipient, sender, skip: null };
}

function emailTarget(subject: MessageSubject): { recipient: string | null; skip: SkipReason | null } {
  const email = subject.client?.email?.trim().toLowerCase() ?? null;
  if (!email) return { recipient: null, skip: "no_recipient" };
  if (!EMAIL_PATTERN.test(email)) return { recipient: email, skip: "invalid_recipient" };
  return { recipient: email, skip: null };
}

/** `"Salon Anna" <hello@…>`: the platform's address under the salon's name (quotes and brackets taken out of it). */
function salonFrom(mailFrom: string, salonName: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `"${salonName.replace(/["<>\\]/g, "").slice(0, 100)}" <${address}>`;
}

/**
 * Writes the SMS and the email of `kind` for the appointment (or only those of `channels`);
 * answers the ids of those to send.
 */
export async function queueVisitMessages(
  scope: TenantScope,
  messaging: ClientMessaging,
  appointmentId: string,
  kind: MessageKind,
  now = new Date(),
  channels: readonly MessageChannel[] = MESSAGE_CHANNELS,
): Promise<string[]> {
  const subject = await messageSubject(scope, appointmentId);
  const { appointment, salon, settings, language } = subject;
  const facts: VisitFacts = {
    ...salonFacts(salon),
    services: appointment.services,
    stylist: appointment.stylist_name,
    start: appointment.start_at.toISOString(),
    clientName: subject.client?.name ?? appointment.customer_name,
  };
  const manage =
    kind !== "cancelled" && messaging.links
      ? await linkUrl(messaging.links, "visit", language, appointment.id, visitLinkExpiry(appointment.end_at))
      : null;

  const sms = smsTarget(subject);
  const email = emailTarget(subject);
  const [smsOut, emailOut, recent] = await Promise.all([
    optedOut(scope, "sms", sms.recipient && !sms.skip ? [sms.recipient] : []),
    optedOut(scope, "email", email.recipient && !email.skip ? [email.recipient] : []),
    recentConfirmations(scope, appointment.id),
  ]);

  const messages: NewMessage[] = [];
  const add = async (channel: MessageChannel, target: { recipient: string | null; skip: SkipReason | null }, sender: string | null, optedOutHere: boolean) => {
    const id = crypto.randomUUID();
    const enabled = channel === "sms" ? settings.sms_enabled : settings.email_enabled;
    let skip: SkipReason | null = !enabled ? "channel_off" : target.skip ?? (optedOutHere ? "opted_out" : null);
    if (!skip && kind !== "reminder" && recent[channel] >= CONFIRMATIONS_PER_DAY) skip = "limit";
    const dueAt = channel === "sms" ? afterQuietHours(now, salon.time_zone, settings) : now;
    if (!skip && kind !== "cancelled" && dueAt >= appointment.start_at) skip = "too_late";
    const unsubscribe = channel === "email" && messaging.links ? await linkUrl(messaging.links, "unsubscribe", language, id) : null;
    const text = composeMessage(kind, channel, language, facts, { manage, unsubscribe }, { smsCanReply: channel === "sms" && !!sender?.startsWith("+") });
    messages.push({
      id,
      appointmentId: appointment.id,
      clientId: appointment.client_id,
      kind,
      channel,
      dedupeKey: dedupeKey(kind, appointment),
      language,
      recipient: target.recipient,
      sender,
      replyTo: channel === "email" ? salon.email : null,
      subject: text.subject,
      body: text.text,
      html: text.html,
      dueAt,
      skipReason: skip,
    });
  };
  if (channels.includes("sms")) await add("sms", sms, sms.sender, sms.recipient !== null && smsOut.has(sms.recipient));
  if (channels.includes("email")) await add("email", email, salonFrom(messaging.mailFrom, salon.name), email.recipient !== null && emailOut.has(email.recipient));
  return queueMessages(scope, messages);
}
