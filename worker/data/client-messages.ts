import type { ClientMessage, MessageChannel, MessageKind, MessageSettings, MessageSettingsBody, SkipReason } from "../../contract/client-messages.ts";
import { isLanguage, type Language } from "../../contract/languages.ts";
import { notFound } from "./errors.ts";
import type { PublicScope, Tenant, TenantScope } from "./tenant.ts";

/*
 * The messages a salon sends its clients (clients/messaging/ composes and sends them): written
 * in the transaction of the change that causes them, claimed for one attempt at a time with
 * a lease, and moved on by the provider's reports. A message is sent at most once: a unique
 * key per reason, and a claim that only a queued message, or one whose attempt was abandoned,
 * can take.
 */

// ---- settings -------------------------------------------------------------------------

const SETTINGS = `sms_enabled, email_enabled, reminder_hours, to_char(quiet_start, 'HH24:MI') as quiet_start,
  to_char(quiet_end, 'HH24:MI') as quiet_end, cancellation_notice_hours, sender_name`;

export async function messageSettings({ sql, salonId }: TenantScope): Promise<MessageSettings> {
  const [row] = await sql<MessageSettings[]>`select ${sql.unsafe(SETTINGS)} from message_settings where salon_id = ${salonId}`;
  if (!row) throw notFound();
  return row;
}

export async function saveMessageSettings({ sql, salonId }: TenantScope, body: MessageSettingsBody): Promise<MessageSettings> {
  const [row] = await sql<MessageSettings[]>`
    update message_settings set ${sql(body)}, updated_at = now()
    where salon_id = ${salonId} returning ${sql.unsafe(SETTINGS)}`;
  if (!row) throw notFound();
  return row;
}

// ---- what a message tells ---------------------------------------------------------------

/** An appointment with everything its messages need: the visit, the salon, the client, who may be written to. */
export interface MessageSubject {
  appointment: {
    id: string;
    status: "booked" | "cancelled";
    start_at: Date;
    end_at: Date;
    updated_at: Date;
    stylist_name: string;
    customer_name: string | null;
    customer_phone: string | null;
    services: string[];
    client_id: string | null;
  };
  salon: {
    name: string;
    address: string | null;
    postal_code: string | null;
    city: string | null;
    phone: string | null;
    email: string | null;
    country: string | null;
    time_zone: string;
  };
  client: { name: string | null; email: string | null } | null;
  /** The client's language, else the owner's. */
  language: Language;
  settings: MessageSettings;
  /** The salon's own numbers bought or assigned here, which can send SMS, oldest first. */
  salonNumbers: string[];
}

export async function messageSubject(scope: TenantScope, appointmentId: string): Promise<MessageSubject> {
  const { sql, salonId } = scope;
  const [row] = await sql<(MessageSubject["appointment"] & { salon: MessageSubject["salon"]; client: MessageSubject["client"]; language: string | null })[]>`
    select a.id, a.status, a.start_at, a.end_at, a.updated_at, a.stylist_name, a.customer_name, a.customer_phone, a.client_id,
      coalesce((select json_agg(s.service_name order by s.position) from appointment_services s
                where s.appointment_id = a.id and s.salon_id = a.salon_id), '[]') as services,
      json_build_object('name', sa.name, 'address', sa.address, 'postal_code', sa.postal_code, 'city', sa.city,
                        'phone', sa.phone, 'email', sa.email, 'country', sa.country, 'time_zone', sa.time_zone) as salon,
      case when c.id is null then null else json_build_object('name', c.name, 'email', c.email) end as client,
      coalesce(c.language, u.language) as language
    from appointments a
    join salons sa on sa.id = a.salon_id
    join users u on u.id = sa.owner_id
    left join clients c on c.id = a.client_id and c.salon_id = a.salon_id
    where a.id = ${appointmentId} and a.salon_id = ${salonId}`;
  if (!row) throw notFound();
  const { salon, client, language, ...appointment } = row;
  const numbers = await sql<{ phone_number: string }[]>`
    select phone_number from phone_numbers
    where salon_id = ${salonId} and status = 'active' and source in ('bought', 'assigned') order by created_at`;
  return {
    appointment,
    salon,
    client,
    language: isLanguage(language) ? language : "en",
    settings: await messageSettings(scope),
    salonNumbers: numbers.map((n) => n.phone_number),
  };
}

/** How many confirmations (not reminders) of the appointment went or are going by each channel in the last 24 hours. */
export async function recentConfirmations({ sql, salonId }: TenantScope, appointmentId: string): Promise<Record<MessageChannel, number>> {
  const rows = await sql<{ channel: MessageChannel; count: number }[]>`
    select channel, count(*)::int as count from client_messages
    where salon_id = ${salonId} and appointment_id = ${appointmentId} and kind <> 'reminder' and state <> 'skipped'
      and created_at > now() - interval '24 hours'
    group by channel`;
  return { sms: 0, email: 0, ...Object.fromEntries(rows.map((r) => [r.channel, r.count])) };
}

/** Which of these addresses (E.164 numbers, lower-case emails) opted out of the channel. */
export async function optedOut({ sql, salonId }: TenantScope, channel: MessageChannel, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await sql<{ address: string }[]>`
    select address from message_opt_outs where salon_id = ${salonId} and channel = ${channel} and address in ${sql(addresses)}`;
  return new Set(rows.map((r) => r.address));
}

/** The language a client spoke when booking, kept when their record has none yet. */
export async function rememberClientLanguage({ sql, salonId }: TenantScope, appointmentId: string, language: Language): Promise<void> {
  await sql`
    update clients c set language = ${language}
    from appointments a
    where a.id = ${appointmentId} and a.salon_id = ${salonId} and c.id = a.client_id and c.salon_id = a.salon_id and c.language is null`;
}

// ---- writing ----------------------------------------------------------------------------

export interface NewMessage {
  /** Made before the message is written, so its texts can link to it (an email's unsubscribe link). */
  id: string;
  /** What the message is about: an appointment, or (an offer) a freed time offered. */
  appointmentId: string | null;
  attemptId?: string;
  clientId: string | null;
  kind: MessageKind | "offer";
  channel: MessageChannel;
  dedupeKey: string;
  language: Language;
  recipient: string | null;
  sender: string | null;
  replyTo: string | null;
  subject: string | null;
  body: string;
  html: string | null;
  dueAt: Date;
  skipReason: SkipReason | null;
}

/** Writes messages; one whose reason was already written is left out. Answers the ids of those to send. */
export async function queueMessages({ sql, salonId }: TenantScope, messages: NewMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = messages.map((m) => ({
    id: m.id,
    salon_id: salonId,
    appointment_id: m.appointmentId,
    attempt_id: m.attemptId ?? null,
    client_id: m.clientId,
    kind: m.kind,
    channel: m.channel,
    dedupe_key: m.dedupeKey,
    language: m.language,
    recipient: m.recipient,
    sender: m.sender,
    reply_to: m.replyTo,
    subject: m.subject,
    body: m.body,
    html_body: m.html,
    due_at: m.dueAt,
    state: m.skipReason ? "skipped" : "queued",
    skip_reason: m.skipReason,
  }));
  const inserted = await sql<{ id: string; state: string }[]>`
    insert into client_messages ${sql(rows)}
    on conflict (salon_id, appointment_id, kind, channel, dedupe_key) do nothing
    returning id, state`;
  return inserted.filter((r) => r.state === "queued").map((r) => r.id);
}

/** Messages of an appointment not yet sent are dropped when it is cancelled: a reminder of a visit that is off would mislead. */
export async function dropUnsent({ sql, salonId }: TenantScope, appointmentId: string): Promise<void> {
  await sql`
    update client_messages set state = 'skipped', skip_reason = 'cancelled', lease_until = null
    where salon_id = ${salonId} and appointment_id = ${appointmentId} and state = 'queued' and kind <> 'cancelled'`;
}

// ---- sending ----------------------------------------------------------------------------

/** A message claimed for one attempt. */
export interface ClaimedMessage {
  id: string;
  channel: MessageChannel;
  recipient: string;
  sender: string | null;
  reply_to: string | null;
  subject: string | null;
  body: string;
  html_body: string | null;
  /** This attempt's number. */
  attempt: number;
  created_at: Date;
  /** When this attempt's claim began, and whether an earlier attempt was abandoned mid-send (its outcome unknown). */
  claimed_at: Date;
  abandoned: boolean;
  provider_id: string | null;
}

/**
 * Takes a message for one attempt, leased until `until`: one queued and due at `now`, or one whose
 * earlier attempt was abandoned (its lease ran out), on a channel that can send now. Nothing
 * when another holds it, it is done or its channel cannot send.
 */
export async function claimMessage(
  { sql, salonId }: TenantScope,
  id: string,
  { now, until }: { now: Date; until: Date },
  channels: MessageChannel[],
): Promise<ClaimedMessage | undefined> {
  if (channels.length === 0) return undefined;
  const [row] = await sql<ClaimedMessage[]>`
    with taken as (
      select id, state = 'sending' as abandoned from client_messages
      where id = ${id} and salon_id = ${salonId} and due_at <= ${now} and channel in ${sql(channels)}
        and (state = 'queued' or (state = 'sending' and lease_until < ${now}))
      for update skip locked
    )
    update client_messages m set state = 'sending', attempts = m.attempts + 1,
      lease_until = ${until}
    from taken where m.id = taken.id
    returning m.id, m.channel, m.recipient, m.sender, m.reply_to, m.subject, m.body, m.html_body, m.attempts as attempt, m.created_at, ${now}::timestamptz as claimed_at, taken.abandoned, m.provider_id`;
  return row;
}

/** The provider took the message. A status report that came first is kept. */
export async function markSent({ sql, salonId }: TenantScope, id: string, providerId: string | null, segments: number | null): Promise<void> {
  await sql`
    update client_messages set
      state = case when state = 'sending' then 'sent' else state end,
      provider_id = coalesce(provider_id, ${providerId}), segments = coalesce(${segments}, segments),
      sent_at = coalesce(sent_at, now()), lease_until = null, error = null
    where id = ${id} and salon_id = ${salonId}`;
}

/** An attempt failed: tried again at `retryAt`, or given up on (failed) without one. */
export async function markAttemptFailed({ sql, salonId }: TenantScope, id: string, error: string, retryAt: Date | null): Promise<void> {
  await sql`
    update client_messages set error = ${error.slice(0, 500)}, lease_until = null,
      state = ${retryAt ? "queued" : "failed"}, due_at = coalesce(${retryAt}, due_at)
    where id = ${id} and salon_id = ${salonId} and state = 'sending'`;
}

/** A message that will not go after all (its recipient opted out meanwhile, say). */
export async function markSkipped({ sql, salonId }: TenantScope, id: string, reason: SkipReason): Promise<void> {
  await sql`
    update client_messages set state = 'skipped', skip_reason = ${reason}, lease_until = null
    where id = ${id} and salon_id = ${salonId} and state in ('queued', 'sending')`;
}

/**
 * What the provider reported of a message: accepted or sent, delivered, or not. The provider's
 * id is adopted when the attempt that sent it died before writing it. Reports may come out of
 * order; a message never goes back from delivered or failed.
 */
export async function recordDelivery(
  { sql, salonId }: TenantScope,
  id: string,
  report: { providerId: string; status: "sent" | "delivered" | "failed"; error: string | null },
): Promise<void> {
  await sql`
    update client_messages set
      provider_id = coalesce(provider_id, ${report.providerId}),
      state = case
        when state in ('delivered', 'failed', 'skipped') then state
        when ${report.status} = 'sent' then 'sent'
        else ${report.status} end,
      error = case when ${report.status} = 'failed' then ${report.error} else error end,
      sent_at = coalesce(sent_at, now()), status_at = now(), lease_until = null
    where id = ${id} and salon_id = ${salonId}`;
}

export async function recordPrice({ sql, salonId }: TenantScope, id: string, priceUsd: number, eurPerUsd: number): Promise<void> {
  await sql`update client_messages set price_usd = ${priceUsd}, eur_per_usd = coalesce(eur_per_usd, ${eurPerUsd}) where id = ${id} and salon_id = ${salonId}`;
}

// ---- opt-outs ---------------------------------------------------------------------------

export async function optOut({ sql, salonId }: TenantScope, channel: MessageChannel, address: string): Promise<void> {
  await sql`insert into message_opt_outs (salon_id, channel, address) values (${salonId}, ${channel}, ${address}) on conflict do nothing`;
  // What is still waiting to go there will not.
  await sql`
    update client_messages set state = 'skipped', skip_reason = 'opted_out', lease_until = null
    where salon_id = ${salonId} and channel = ${channel} and lower(recipient) = ${address} and state = 'queued'`;
}

export async function optIn({ sql, salonId }: TenantScope, channel: MessageChannel, address: string): Promise<void> {
  await sql`delete from message_opt_outs where salon_id = ${salonId} and channel = ${channel} and address = ${address}`;
}

/** The language to answer a number's reply in: its client's, else the owner's. */
export async function replyLanguage({ sql, salonId }: TenantScope, phone: string): Promise<Language> {
  const [row] = await sql<{ language: string | null }[]>`
    select coalesce(
      (select c.language from client_phones p join clients c on c.id = p.client_id and c.salon_id = p.salon_id
       where p.salon_id = ${salonId} and p.phone = ${phone}),
      (select u.language from salons s join users u on u.id = s.owner_id where s.id = ${salonId})) as language`;
  return isLanguage(row?.language) ? row.language : "en";
}

// ---- reading ----------------------------------------------------------------------------

/** An appointment's messages, newest first, as its dialog lists them. */
export async function appointmentMessages({ sql, salonId }: TenantScope, appointmentId: string): Promise<ClientMessage[]> {
  return sql<ClientMessage[]>`
    select id, kind, channel, recipient, state, skip_reason, error, attempts, created_at, due_at, sent_at,
      price_usd::float8 as price_usd, eur_per_usd::float8 as eur_per_usd
    from client_messages where salon_id = ${salonId} and appointment_id = ${appointmentId}
    order by created_at desc, channel`;
}

/** One message's texts, for showing it as it was sent. */
export async function messageTexts({ sql, salonId }: TenantScope, id: string) {
  const [row] = await sql<{ channel: MessageChannel; recipient: string | null; subject: string | null; body: string; language: Language }[]>`
    select channel, recipient, subject, body, language from client_messages where id = ${id} and salon_id = ${salonId}`;
  if (!row) throw notFound();
  return row;
}

// ---- before a salon is known -------------------------------------------------------------

export interface TenantRow extends Tenant {
  id: string;
}

/** Messages due at `at` across salons (queued, or abandoned mid-send), and whose they are. */
export function dueMessages({ sql }: PublicScope, at: Date, batch: number): Promise<TenantRow[]> {
  return sql<TenantRow[]>`select message_id as id, salon_id as "salonId", owner_id as "userId" from due_client_messages(${batch}, ${at})`;
}

/** Appointments whose reminder is due at `at` and not yet written, across salons. */
export function dueReminders({ sql }: PublicScope, batch: number, at: Date): Promise<TenantRow[]> {
  return sql<TenantRow[]>`select appointment_id as id, salon_id as "salonId", owner_id as "userId" from due_reminders(${batch}, ${at})`;
}

/** Whose message a provider's report is about. */
export async function messageTenant({ sql }: PublicScope, id: string): Promise<Tenant | undefined> {
  const [row] = await sql<Tenant[]>`select salon_id as "salonId", owner_id as "userId" from client_message_tenant(${id})`;
  return row;
}

/** Whose appointment a client's signed link is about. */
export async function appointmentTenant({ sql }: PublicScope, id: string): Promise<Tenant | undefined> {
  const [row] = await sql<Tenant[]>`select salon_id as "salonId", owner_id as "userId" from appointment_tenant(${id})`;
  return row;
}
