import type { ClientSource } from "../../contract/clients.ts";
import type { Language } from "../../contract/languages.ts";
import {
  OUTREACH_LIMITS,
  type WaitlistEntry,
  type WaitlistEntryBody,
  type WaitlistSource,
  type WaitlistStatus,
} from "../../contract/outreach.ts";
import { salonCountry, toE164 } from "../../contract/phone.ts";
import { DAY_MS } from "../../contract/time-zone.ts";
import { clientForBooking } from "./clients.ts";
import { DataError, notFound } from "./errors.ts";
import type { TenantScope } from "./tenant.ts";

/*
 * The salon's client waitlist: clients waiting for an earlier or a particular time, with the
 * services they want, the stylist (or anyone) and the days and hours they can come. Each
 * entry is linked to the client of its number; a removed entry stays, since the offers made
 * from it are part of the outreach log.
 */

/** A list as PostgreSQL writes an array's text (the driver sends no array types); for ids and numbers. */
const arrayText = (values: readonly (string | number)[]) => `{${values.join(",")}}`;

/** The client record an entry of each source makes when its number is new. */
const CLIENT_SOURCE: Record<WaitlistSource, ClientSource> = { dashboard: "dashboard", voice: "receptionist", online: "online" };

/**
 * Entry `w` as the dashboard shows it: its services by name in the order chosen and their
 * minutes together, the stylist's name, and the offers made from it (`o`, joined by the caller).
 */
const ENTRY = `
  w.id, w.client_id, w.name, w.phone, w.language,
  coalesce(sv.services, '[]') as services, coalesce(sv.duration, 0)::int as duration,
  w.stylist_id as stylist, st.first_name || ' ' || st.last_name as stylist_name,
  to_json(w.weekdays) as weekdays, to_char(w.from_time, 'HH24:MI') as from_time, to_char(w.until_time, 'HH24:MI') as until_time,
  w.from_date::text as from_date, w.until_date::text as until_date, w.note, w.source, w.status, w.appointment_id, w.created_at,
  coalesce(o.offers, 0)::int as offers, o.last_offer_at`;

/** The joins ENTRY reads: the entry's services, its stylist and its offers. */
const ENTRY_JOINS = `
  left join stylists st on st.salon_id = w.salon_id and st.id = w.stylist_id
  left join lateral (
    select json_agg(json_build_object('id', s.id, 'name', s.name) order by ws.position) as services, sum(s.duration) as duration
    from client_waitlist_services ws join services s on s.salon_id = ws.salon_id and s.id = ws.service_id
    where ws.salon_id = w.salon_id and ws.entry_id = w.id
  ) sv on true
  left join lateral (
    select count(*) as offers, max(a.created_at) as last_offer_at
    from outreach_attempts a where a.salon_id = w.salon_id and a.entry_id = w.id
  ) o on true`;

/**
 * The entries of one status: those waiting in order of joining (the order offers go in), the
 * others newest change first. A list holds at most as many as may wait at once.
 */
export function listWaitlist({ sql, salonId }: TenantScope, status: WaitlistStatus): Promise<WaitlistEntry[]> {
  const order = status === "waiting" ? sql`w.created_at, w.id` : sql`w.updated_at desc, w.id`;
  return sql<WaitlistEntry[]>`
    select ${sql.unsafe(ENTRY)} from client_waitlist w ${sql.unsafe(ENTRY_JOINS)}
    where w.salon_id = ${salonId} and w.status = ${status}
    order by ${order} limit ${OUTREACH_LIMITS.waiting}`;
}

async function getEntry({ sql, salonId }: TenantScope, id: string): Promise<WaitlistEntry> {
  const [entry] = await sql<WaitlistEntry[]>`
    select ${sql.unsafe(ENTRY)} from client_waitlist w ${sql.unsafe(ENTRY_JOINS)} where w.salon_id = ${salonId} and w.id = ${id}`;
  if (!entry) throw notFound();
  return entry;
}

/** The salon's entries waiting now; a lock held to the transaction's end makes two additions count in turn. */
async function waitingCount({ sql, salonId }: TenantScope): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`waitlist:${salonId}`}, 0))`;
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from client_waitlist where salon_id = ${salonId} and status = 'waiting'`;
  return row!.count;
}

/**
 * What an entry stores beside the form's fields: the number in E.164 read in the salon's
 * country, the client of that number (found, or made with the entry's source), and the
 * language offers are written in: the client's, else the one they spoke (on a call), else the owner's. A wish longer than the
 * limit, and services and a stylist that are not the salon's, are refused at their field.
 */
async function resolvedEntry(scope: TenantScope, body: WaitlistEntryBody, source: WaitlistSource, spoken?: Language) {
  const { sql, salonId } = scope;
  const [salon] = await sql<{ country: string | null; phone: string | null; language: Language }[]>`
    select s.country, s.phone, u.language from salons s join users u on u.id = s.owner_id where s.id = ${salonId}`;
  if ((Date.parse(body.until_date) - Date.parse(body.from_date)) / DAY_MS > OUTREACH_LIMITS.days) {
    throw new DataError("invalid", "waitlist.error.tooLong", { field: "until_date", values: { days: OUTREACH_LIMITS.days } });
  }
  const phone = toE164(body.phone, salonCountry(salon!));
  if (!phone) throw new DataError("invalid", "validation.waitlist.phone", { field: "phone" });

  const services = await sql<{ id: string }[]>`select id from services where salon_id = ${salonId} and id = any(${arrayText(body.services)}::uuid[])`;
  if (services.length !== body.services.length) throw new DataError("invalid", "validation.waitlist.services", { field: "services" });
  if (body.stylist) {
    const [stylist] = await sql`select 1 from stylists where salon_id = ${salonId} and id = ${body.stylist}`;
    if (!stylist) throw new DataError("invalid", "validation.appointment.stylist", { field: "stylist" });
  }

  const clientId = await clientForBooking(scope, { name: body.name, phone, source: CLIENT_SOURCE[source] });
  const [client] = clientId ? await sql<{ language: Language | null }[]>`select language from clients where salon_id = ${salonId} and id = ${clientId}` : [];
  return {
    client_id: clientId,
    name: body.name,
    phone,
    language: client?.language ?? spoken ?? salon!.language,
    stylist_id: body.stylist,
    weekdays: arrayText([...body.weekdays].sort()),
    from_time: body.from_time,
    until_time: body.until_time,
    from_date: body.from_date,
    until_date: body.until_date,
    note: body.note,
  };
}

async function saveServices({ sql, salonId }: TenantScope, entryId: string, serviceIds: string[]): Promise<void> {
  await sql`delete from client_waitlist_services where salon_id = ${salonId} and entry_id = ${entryId}`;
  const rows = serviceIds.map((serviceId, position) => ({ salon_id: salonId, entry_id: entryId, service_id: serviceId, position }));
  await sql`insert into client_waitlist_services ${sql(rows)}`;
}

/** Adds a client to the waitlist; a salon with as many waiting as it may have is refused. */
export async function createWaitlistEntry(scope: TenantScope, body: WaitlistEntryBody, source: WaitlistSource, spoken?: Language): Promise<WaitlistEntry> {
  const { sql, salonId } = scope;
  if ((await waitingCount(scope)) >= OUTREACH_LIMITS.waiting) {
    throw new DataError("conflict", "waitlist.error.full", { code: "waitlist_full", values: { max: OUTREACH_LIMITS.waiting } });
  }
  const fields = await resolvedEntry(scope, body, source, spoken);
  const [row] = await sql<{ id: string }[]>`
    insert into client_waitlist ${sql({ salon_id: salonId, source, ...fields })} returning id`;
  await saveServices(scope, row!.id, body.services);
  return getEntry(scope, row!.id);
}

/** The wishes of a number (E.164) waiting at the salon. */
export async function waitingWishes({ sql, salonId }: TenantScope, phone: string): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from client_waitlist where salon_id = ${salonId} and status = 'waiting' and phone = ${phone}`;
  return row!.count;
}

/** Changes what a waiting client wishes for; an entry no longer waiting is kept as it ended. */
export async function updateWaitlistEntry(scope: TenantScope, id: string, body: WaitlistEntryBody): Promise<WaitlistEntry> {
  const { sql, salonId } = scope;
  const [entry] = await sql<{ source: WaitlistSource; status: WaitlistStatus }[]>`
    select source, status from client_waitlist where salon_id = ${salonId} and id = ${id} for update`;
  if (!entry) throw notFound();
  if (entry.status !== "waiting") throw new DataError("conflict", "waitlist.error.notWaiting", { code: "not_waiting" });
  const fields = await resolvedEntry(scope, body, entry.source);
  await sql`update client_waitlist set ${sql(fields)}, updated_at = now() where salon_id = ${salonId} and id = ${id}`;
  await saveServices(scope, id, body.services);
  return getEntry(scope, id);
}

/** Takes a waiting client off the list; the entry stays, marked removed, for the log's sake. */
export async function removeWaitlistEntry({ sql, salonId }: TenantScope, id: string): Promise<void> {
  const [entry] = await sql<{ status: WaitlistStatus }[]>`
    update client_waitlist set status = case when status = 'waiting' then 'removed' else status end,
      updated_at = case when status = 'waiting' then now() else updated_at end
    where salon_id = ${salonId} and id = ${id} returning status`;
  if (!entry) throw notFound();
}
