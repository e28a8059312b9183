import type { AttemptChannel, AttemptSkipReason, AttemptStatus, OutreachSettings, SlotStatus, SlotTrigger } from "../../contract/outreach.ts";
import { isLanguage, type Language } from "../../contract/languages.ts";
import type { PublicScope, TenantScope } from "./tenant.ts";
import type { TenantRow } from "./client-messages.ts";
import { notFound } from "./errors.ts";
import { outreachSettings } from "./outreach-settings.ts";

/*
 * What the outreach engine (clients/outreach/engine.ts) reads and writes: the salon's rules, the
 * stretches of time that came free, who waits for one, and the offers made. A slot's row is
 * locked while a step or an answer works on it, so two replies or two cron runs take turns.
 */

/** Outreach's settings with what they lean on: the Messages tab's quiet hours and SMS switch, the salon's clock and numbers. */
export interface OutreachRules {
  settings: OutreachSettings;
  quiet_start: string;
  quiet_end: string;
  sms_enabled: boolean;
  time_zone: string;
  country: string | null;
  salon: { name: string; phone: string | null; address: string | null; postal_code: string | null; city: string | null };
  /** The salon's own numbers that can send and receive SMS, oldest first: an offer is answered to one. */
  numbers: string[];
}

export async function outreachRules(scope: TenantScope): Promise<OutreachRules> {
  const { sql, salonId } = scope;
  const [settings, [row], numbers] = await Promise.all([
    outreachSettings(scope),
    sql<(Omit<OutreachRules, "settings" | "numbers" | "salon"> & OutreachRules["salon"])[]>`
      select to_char(m.quiet_start, 'HH24:MI') as quiet_start, to_char(m.quiet_end, 'HH24:MI') as quiet_end, m.sms_enabled,
        s.time_zone, s.country, s.name, s.phone, s.address, s.postal_code, s.city
      from message_settings m join salons s on s.id = m.salon_id
      where m.salon_id = ${salonId}`,
    sql<{ phone_number: string }[]>`
      select phone_number from phone_numbers
      where salon_id = ${salonId} and status = 'active' and source in ('bought', 'assigned') order by created_at`,
  ]);
  if (!row) throw notFound();
  const { name, phone, address, postal_code, city, ...rest } = row;
  return { settings, ...rest, salon: { name, phone, address, postal_code, city }, numbers: numbers.map((n) => n.phone_number) };
}

// ---- slots -------------------------------------------------------------------------------

export interface FreedTime {
  stylistId: string;
  start: Date;
  end: Date;
  trigger: SlotTrigger;
  freedBy: string | null;
}

/** Opens a slot for offers; null when the same stylist's time at that start is open already. */
export async function openSlot({ sql, salonId }: TenantScope, freed: FreedTime): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`
    insert into outreach_slots (salon_id, stylist_id, start_at, end_at, trigger, freed_by)
    values (${salonId}, ${freed.stylistId}, ${freed.start}, ${freed.end}, ${freed.trigger}, ${freed.freedBy})
    on conflict (salon_id, stylist_id, start_at) where status = 'open' do nothing
    returning id`;
  return row?.id ?? null;
}

export interface SlotRow {
  id: string;
  stylist_id: string;
  stylist_name: string;
  start_at: Date;
  end_at: Date;
  status: SlotStatus;
}

/** The slot, locked until the transaction ends: its steps and its answers take turns. */
export async function lockSlot({ sql, salonId }: TenantScope, id: string): Promise<SlotRow | undefined> {
  const [row] = await sql<SlotRow[]>`
    select o.id, o.stylist_id, st.first_name || ' ' || st.last_name as stylist_name, o.start_at, o.end_at, o.status
    from outreach_slots o join stylists st on st.id = o.stylist_id and st.salon_id = o.salon_id
    where o.id = ${id} and o.salon_id = ${salonId}
    for update of o`;
  return row;
}

export async function scheduleSlot({ sql, salonId }: TenantScope, id: string, at: Date): Promise<void> {
  await sql`update outreach_slots set next_step_at = ${at} where id = ${id} and salon_id = ${salonId}`;
}

/**
 * Ends the slot's offers: filled by one of them, taken by another booking, or over. Offers
 * still out are settled with it, so a late YES hears that the time went.
 */
export async function closeSlot({ sql, salonId }: TenantScope, id: string, status: Exclude<SlotStatus, "open">, appointmentId: string | null = null): Promise<void> {
  await sql`
    update outreach_slots set status = ${status}, appointment_id = ${appointmentId}, closed_at = now()
    where id = ${id} and salon_id = ${salonId} and status = 'open'`;
  await sql`
    update outreach_attempts set status = ${status === "filled" || status === "taken" ? "taken" : "expired"}
    where slot_id = ${id} and salon_id = ${salonId} and status = 'offered'`;
}

/** Removes a slot that asked nobody, as every client it suits had its time before: Fill gaps pressed again leaves no empty slot in the log. */
export async function dropSlot({ sql, salonId }: TenantScope, id: string): Promise<void> {
  await sql`
    delete from outreach_slots o where o.id = ${id} and o.salon_id = ${salonId}
      and not exists (select from outreach_attempts a where a.salon_id = o.salon_id and a.slot_id = o.id)`;
}

/** Open slots across salons whose next step is due, and whose they are. */
export function dueSlots({ sql }: PublicScope, batch: number): Promise<TenantRow[]> {
  return sql<TenantRow[]>`select slot_id as id, salon_id as "salonId", owner_id as "userId" from due_outreach_slots(${batch})`;
}

/** Open slots of a stylist overlapping a stretch: a booking there may have taken their time. */
export async function openSlotsOverlapping({ sql, salonId }: TenantScope, stylistId: string, start: Date, end: Date): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from outreach_slots
    where salon_id = ${salonId} and stylist_id = ${stylistId} and status = 'open' and start_at < ${end} and end_at > ${start}`;
  return rows.map((r) => r.id);
}

// ---- who may be offered a slot -------------------------------------------------------------

export interface Candidate {
  entry_id: string | null;
  client_id: string | null;
  name: string | null;
  phone: string;
  language: Language;
  /** The stylist asked for; null: anyone. */
  stylist_id: string | null;
  service_ids: string[];
  duration: number;
  weekdays: number[];
  from_time: string;
  until_time: string;
}

/**
 * Clients waiting for a time on this day with this stylist or anyone, in the order they
 * joined, those who asked for this stylist first; none already offered this slot.
 */
export async function waitingFor({ sql, salonId }: TenantScope, slotId: string, stylistId: string, day: string): Promise<Candidate[]> {
  const rows = await sql<(Omit<Candidate, "service_ids" | "weekdays" | "language"> & { service_ids: string; weekdays: string; language: string })[]>`
    select w.id as entry_id, w.client_id, w.name, w.phone, w.language, w.stylist_id,
      to_char(w.from_time, 'HH24:MI') as from_time, to_char(w.until_time, 'HH24:MI') as until_time,
      to_json(w.weekdays)::text as weekdays,
      (select json_agg(ws.service_id order by ws.position) from client_waitlist_services ws where ws.entry_id = w.id and ws.salon_id = w.salon_id)::text as service_ids,
      (select coalesce(sum(sv.duration), 0)::int from client_waitlist_services ws join services sv on sv.id = ws.service_id and sv.salon_id = ws.salon_id
       where ws.entry_id = w.id and ws.salon_id = w.salon_id) as duration
    from client_waitlist w
    where w.salon_id = ${salonId} and w.status = 'waiting'
      and (w.stylist_id is null or w.stylist_id = ${stylistId})
      and ${day}::date between w.from_date and w.until_date
      and not exists (select from outreach_attempts a where a.salon_id = w.salon_id and a.slot_id = ${slotId} and a.phone = w.phone)
    order by (w.stylist_id is not null) desc, w.created_at
    limit 100`;
  return rows.map((r) => ({
    ...r,
    language: isLanguage(r.language) ? r.language : "en",
    service_ids: r.service_ids ? (JSON.parse(r.service_ids) as string[]) : [],
    weekdays: JSON.parse(r.weekdays) as number[],
  }));
}

/**
 * Regular clients due for their usual service: who agreed to hear from the salon, has no
 * visit booked, and whose last visit is at least their usual interval ago (from their own
 * history; six weeks when they came once). Their usual service is the one they booked most.
 */
export async function regularsDue({ sql, salonId }: TenantScope, slotId: string, stylistId: string, slotStart: Date): Promise<Candidate[]> {
  const rows = await sql<{ client_id: string; name: string | null; phone: string; language: string | null; service_id: string; duration: number; preferred: string | null }[]>`
    with visits as (
      select a.client_id, count(*) as visits, min(a.start_at) as first_at, max(a.start_at) as last_at
      from appointments a
      where a.salon_id = ${salonId} and a.status = 'booked' and a.client_id is not null and a.start_at < now()
      group by a.client_id
    ), usual as (
      select distinct on (a.client_id) a.client_id, s.service_id
      from appointments a join appointment_services s on s.appointment_id = a.id and s.salon_id = a.salon_id
      where a.salon_id = ${salonId} and a.status = 'booked' and a.client_id is not null and a.start_at < now() and s.service_id is not null
      group by a.client_id, s.service_id
      order by a.client_id, count(*) desc, max(a.start_at) desc
    )
    select c.id as client_id, c.name, p.phone, c.language, u.service_id, sv.duration, c.preferred_stylist_id as preferred
    from clients c
    join visits v on v.client_id = c.id
    join usual u on u.client_id = c.id
    join services sv on sv.id = u.service_id and sv.salon_id = c.salon_id
    join lateral (select phone from client_phones cp where cp.salon_id = c.salon_id and cp.client_id = c.id order by cp.created_at limit 1) p on true
    where c.salon_id = ${salonId} and c.marketing_consent
      and (c.preferred_stylist_id is null or c.preferred_stylist_id = ${stylistId})
      and v.last_at + case when v.visits > 1 then (v.last_at - v.first_at) / (v.visits - 1) else interval '42 days' end <= ${slotStart}
      and not exists (select from appointments b where b.salon_id = c.salon_id and b.client_id = c.id and b.status = 'booked' and b.start_at >= now())
      and not exists (select from client_waitlist w where w.salon_id = c.salon_id and w.client_id = c.id and w.status = 'waiting')
      and not exists (select from outreach_attempts a where a.salon_id = c.salon_id and a.slot_id = ${slotId} and a.phone = p.phone)
    order by (c.preferred_stylist_id is not null) desc, v.last_at
    limit 50`;
  return rows.map((r) => ({
    entry_id: null,
    client_id: r.client_id,
    name: r.name,
    phone: r.phone,
    language: isLanguage(r.language) ? r.language : "en",
    stylist_id: r.preferred,
    service_ids: [r.service_id],
    duration: r.duration,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    from_time: "00:00",
    until_time: "23:59",
  }));
}

/** One number offered one start: a key of offeredStarts' set. */
export const offeredStart = (phone: string, start: Date) => `${phone} ${start.toISOString()}`;

/**
 * Who was offered which start of this stylist within a stretch, in any slot, whatever came of
 * it (a skipped offer never reached its client and may go again).
 */
export async function offeredStarts({ sql, salonId }: TenantScope, stylistId: string, from: Date, to: Date): Promise<Set<string>> {
  const rows = await sql<{ phone: string; start_at: Date }[]>`
    select a.phone, a.start_at from outreach_attempts a join outreach_slots o on o.id = a.slot_id and o.salon_id = a.salon_id
    where a.salon_id = ${salonId} and o.stylist_id = ${stylistId} and a.start_at >= ${from} and a.start_at < ${to} and a.status <> 'skipped'`;
  return new Set(rows.map((r) => offeredStart(r.phone, r.start_at)));
}

/** Numbers offered anything by the salon since `since` (the salon's midnight): one outreach a client a day. */
export async function contactedSince({ sql, salonId }: TenantScope, since: Date): Promise<Set<string>> {
  const rows = await sql<{ phone: string }[]>`
    select distinct phone from outreach_attempts where salon_id = ${salonId} and created_at >= ${since} and status <> 'skipped'`;
  return new Set(rows.map((r) => r.phone));
}

/** Offers made since `since`, for the salon's daily cap. */
export async function offersSince({ sql, salonId }: TenantScope, since: Date): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from outreach_attempts where salon_id = ${salonId} and created_at >= ${since} and status <> 'skipped'`;
  return row?.count ?? 0;
}

// ---- offers --------------------------------------------------------------------------------

export interface NewAttempt {
  id: string;
  slotId: string;
  candidate: Candidate;
  phone: string;
  channel: AttemptChannel;
  start: Date;
  end: Date;
  expiresAt: Date;
  skip: AttemptSkipReason | null;
}

export async function insertAttempt({ sql, salonId }: TenantScope, a: NewAttempt): Promise<void> {
  await sql`
    insert into outreach_attempts (id, salon_id, slot_id, entry_id, client_id, name, phone, language, channel, start_at, end_at, service_ids, status, reason, expires_at)
    values (${a.id}, ${salonId}, ${a.slotId}, ${a.candidate.entry_id},
      -- The offer belongs on the record of the client with that number, when the entry named none.
      coalesce(${a.candidate.client_id}::uuid, (select client_id from client_phones where salon_id = ${salonId} and phone = ${a.phone})),
      ${a.candidate.name}, ${a.phone},
      ${a.candidate.language}, ${a.channel}, ${a.start}, ${a.end}, ${sql.json(a.candidate.service_ids)},
      ${a.skip ? "skipped" : "offered"}, ${a.skip}, ${a.expiresAt})`;
}

/** Offers of the slot still waiting for an answer: texts not yet expired, calls not yet ended. */
export async function liveOffers({ sql, salonId }: TenantScope, slotId: string): Promise<{ channel: AttemptChannel; expires_at: Date }[]> {
  return sql<{ channel: AttemptChannel; expires_at: Date }[]>`
    select channel, expires_at from outreach_attempts where salon_id = ${salonId} and slot_id = ${slotId} and status = 'offered'`;
}

/** Texts whose time to answer ran out: a YES after this is politely refused. Calls end by their own report. */
export async function expireTexts({ sql, salonId }: TenantScope, slotId: string, now: Date): Promise<void> {
  await sql`
    update outreach_attempts set status = 'expired'
    where salon_id = ${salonId} and slot_id = ${slotId} and status = 'offered' and channel = 'sms' and expires_at <= ${now}`;
}

/** Whether the slot has been offered by text already (its first round went out). */
export async function textedBefore({ sql, salonId }: TenantScope, slotId: string): Promise<boolean> {
  const [row] = await sql<{ texted: boolean }[]>`
    select exists (select from outreach_attempts where salon_id = ${salonId} and slot_id = ${slotId} and channel = 'sms' and status <> 'skipped') as texted`;
  return row?.texted ?? false;
}

export interface Offer {
  id: string;
  slot_id: string;
  entry_id: string | null;
  status: AttemptStatus;
  channel: AttemptChannel;
  phone: string;
  name: string | null;
  language: Language;
  client_id: string | null;
  start_at: Date;
  end_at: Date;
  stylist_id: string;
  stylist_name: string;
  service_ids: string[];
  services: string[];
  expires_at: Date;
  call_id: string | null;
  appointment_id: string | null;
}

const OFFER = (sql: TenantScope["sql"]) => sql`
  select a.id, a.slot_id, a.entry_id, a.status, a.channel, a.phone, a.name, a.language, a.client_id, a.start_at, a.end_at,
    o.stylist_id, st.first_name || ' ' || st.last_name as stylist_name, a.service_ids::text as service_ids,
    coalesce((select json_agg(sv.name order by e.ordinality) from jsonb_array_elements_text(a.service_ids) with ordinality e(id, ordinality)
              join services sv on sv.id = e.id::uuid and sv.salon_id = a.salon_id), '[]')::text as services,
    a.expires_at, a.call_id, a.appointment_id
  from outreach_attempts a
  join outreach_slots o on o.id = a.slot_id and o.salon_id = a.salon_id
  join stylists st on st.id = o.stylist_id and st.salon_id = o.salon_id`;

type OfferRow = Omit<Offer, "service_ids" | "services" | "language"> & { service_ids: string; services: string; language: string };
const offerFrom = (row: OfferRow): Offer => ({
  ...row,
  language: isLanguage(row.language) ? row.language : "en",
  service_ids: JSON.parse(row.service_ids) as string[],
  services: JSON.parse(row.services) as string[],
});

export async function offerOf(scope: TenantScope, attemptId: string): Promise<Offer | null> {
  const { sql, salonId } = scope;
  const [row] = await sql<OfferRow[]>`${OFFER(sql)} where a.id = ${attemptId} and a.salon_id = ${salonId}`;
  return row ? offerFrom(row) : null;
}

/** The latest text offer to a number in the last week: what a reply from it answers. */
export async function latestTextOffer(scope: TenantScope, phone: string): Promise<Offer | null> {
  const { sql, salonId } = scope;
  const [row] = await sql<OfferRow[]>`
    ${OFFER(sql)}
    where a.salon_id = ${salonId} and a.phone = ${phone} and a.channel = 'sms' and a.status <> 'skipped'
      and a.created_at > now() - interval '7 days'
    order by a.created_at desc limit 1`;
  return row ? offerFrom(row) : null;
}

/** An offer's answer. Only one still out changes: an accepted or settled offer stays as it is. */
export async function settleOffer({ sql, salonId }: TenantScope, attemptId: string, status: AttemptStatus, appointmentId: string | null = null): Promise<boolean> {
  const rows = await sql`
    update outreach_attempts set status = ${status}, appointment_id = ${appointmentId}, answered_at = now(),
      client_id = coalesce(client_id, (select client_id from appointments where id = ${appointmentId} and salon_id = ${salonId}))
    where id = ${attemptId} and salon_id = ${salonId} and status in ('offered', 'expired')`;
  return rows.count > 0;
}

export async function linkOfferCall({ sql, salonId }: TenantScope, attemptId: string, callId: string): Promise<void> {
  await sql`update outreach_attempts set call_id = ${callId} where id = ${attemptId} and salon_id = ${salonId}`;
}

/** A call's end: the attempt's status unless the call already settled it, and the slot's next step at once. */
export async function settleOfferCall(scope: TenantScope, attemptId: string, status: "declined" | "no_answer" | "busy" | "failed" | "voicemail"): Promise<void> {
  const { sql, salonId } = scope;
  await sql`
    update outreach_attempts set status = ${status}, answered_at = coalesce(answered_at, now())
    where id = ${attemptId} and salon_id = ${salonId} and status = 'offered'`;
  await sql`
    update outreach_slots o set next_step_at = now()
    from outreach_attempts a where a.id = ${attemptId} and a.salon_id = ${salonId} and o.id = a.slot_id and o.salon_id = a.salon_id and o.status = 'open'`;
}

/** The waitlist entry an offer came from is done: its client has the time. */
export async function entryBooked({ sql, salonId }: TenantScope, entryId: string, appointmentId: string): Promise<void> {
  await sql`
    update client_waitlist set status = 'booked', appointment_id = ${appointmentId}, updated_at = now()
    where id = ${entryId} and salon_id = ${salonId} and status = 'waiting'`;
}

/** Waiting entries whose last day has passed. */
export async function expireEntries({ sql, salonId }: TenantScope, today: string): Promise<void> {
  await sql`
    update client_waitlist set status = 'expired', updated_at = now()
    where salon_id = ${salonId} and status = 'waiting' and until_date < ${today}::date`;
}
