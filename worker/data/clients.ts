import {
  CLIENT_LIMITS,
  type ClientAppointment,
  type ClientCall,
  type ClientDetail,
  type ClientList,
  type ClientListQuery,
  type ClientOffer,
  type ClientOptOut,
  type ClientSource,
  type ClientSummary,
  type ClientUpdate,
} from "../../contract/clients.ts";
import type { AppointmentSource } from "../../contract/appointments.ts";
import type { Language } from "../../contract/languages.ts";
import { displayPhone, parsePhone, salonCountry, toE164, type CountryCode } from "../../contract/phone.ts";
import { fold } from "../../contract/text.ts";
import { DataError, forbidden, notFound } from "./errors.ts";
import { FULL_NAME } from "./stylists.ts";
import type { PublicScope, TenantScope } from "./tenant.ts";
import { recordClientCreated } from "./webhooks.ts";

/*
 * Clients: the salon's record of each person who books or calls. A client is found by a
 * phone number first (client_phones: one client per number and salon) and by email second.
 * Numbers are kept in E.164, read in the salon's country; text that is no valid number
 * matches nobody and is not kept. search_text, which search and the list's order read, is
 * rewritten here after every change of a name, an address or the numbers.
 */

/** The numbers of client `c`, oldest first, as a JSON list (the driver reads JSON, not arrays, without fetching types). */
const PHONES = "to_json(array(select phone from client_phones p where p.salon_id = c.salon_id and p.client_id = c.id order by created_at, phone)) as phones";

/**
 * What the list tells of client `c` beside their name: the start of their next booked
 * appointment, their visits (booked appointments begun, no-shows left out) and their no-shows.
 * Each reads the client's own entries of the appointments_client index.
 */
const VISITS = `
  (select min(a.start_at) from appointments a
    where a.salon_id = c.salon_id and a.client_id = c.id and a.status = 'booked' and a.start_at >= now()) as next_appointment_at,
  (select count(*) filter (where a.no_show_at is null)::int from appointments a
    where a.salon_id = c.salon_id and a.client_id = c.id and a.status = 'booked' and a.start_at < now()) as visit_count,
  (select count(*)::int from appointments a
    where a.salon_id = c.salon_id and a.client_id = c.id and a.status = 'booked' and a.no_show_at is not null) as no_show_count`;

/** Appointments and calls a client's page shows of each kind. */
const PAGE_ITEMS = 50;

/** The country a salon's national numbers are read in. */
async function countryOfSalon({ sql, salonId }: TenantScope): Promise<CountryCode | undefined> {
  const [salon] = await sql<{ country: string | null; phone: string | null }[]>`select country, phone from salons where id = ${salonId}`;
  return salon ? salonCountry(salon) : undefined;
}

/** What search matches: the folded name and address, and each number's digits as dialled abroad and at home. */
export function searchText(name: string | null, email: string | null, phones: string[]): string {
  const digits = phones.flatMap((phone) => [phone.slice(1), parsePhone(phone)?.formatNational().replace(/\D/g, "") ?? ""]);
  return [fold(name ?? ""), fold(email ?? ""), ...new Set(digits)].filter(Boolean).join(" ");
}

async function refreshSearchText({ sql, salonId }: TenantScope, clientId: string): Promise<void> {
  const [row] = await sql<{ name: string | null; email: string | null; phones: string[] }[]>`
    select c.name, c.email, ${sql.unsafe(PHONES)}
    from clients c where c.id = ${clientId} and c.salon_id = ${salonId}`;
  if (row) await sql`update clients set search_text = ${searchText(row.name, row.email, row.phones)} where id = ${clientId} and salon_id = ${salonId}`;
}

/**
 * Gives a number to a client unless another client of the salon has it; answers who has it
 * now. The number's calls not yet linked to anyone join the client. A second transaction
 * giving the same number waits here for the first and then finds it taken.
 */
async function claimPhone(scope: TenantScope, clientId: string, phone: string): Promise<string> {
  const { sql, salonId } = scope;
  const [claimed] = await sql<{ client_id: string }[]>`
    insert into client_phones (salon_id, phone, client_id) values (${salonId}, ${phone}, ${clientId})
    on conflict (salon_id, phone) do nothing returning client_id`;
  if (claimed) {
    await sql`update calls set client_id = ${clientId} where salon_id = ${salonId} and from_number = ${phone} and client_id is null`;
    return clientId;
  }
  const [holder] = await sql<{ client_id: string }[]>`select client_id from client_phones where salon_id = ${salonId} and phone = ${phone}`;
  return holder!.client_id;
}

/** Who a booking is from, as the booking gives it. */
export interface BookingContact {
  name: string | null;
  phone: string | null;
  email?: string | null;
  source: ClientSource;
}

/**
 * The client a booking is for: the one with its number, else with its email, else a new one.
 * A found client's empty name, email or number is filled from the booking; what the record
 * already holds is never overwritten, so an owner's spelling of a name stays. A booking
 * with neither a valid number nor an email names no one the salon could recognise again and
 * gets no client (null). Two bookings of one new number at once make one client: the
 * second's new record loses the number to the first and is dropped again.
 */
export async function clientForBooking(scope: TenantScope, contact: BookingContact): Promise<string | null> {
  const { sql, salonId } = scope;
  const phone = contact.phone ? toE164(contact.phone, await countryOfSalon(scope)) ?? null : null;
  // A caller's words reach here unchecked by the dashboard's forms: kept within the record's bounds.
  const email = contact.email?.trim().toLowerCase().slice(0, CLIENT_LIMITS.email) || null;
  const name = contact.name?.trim().slice(0, CLIENT_LIMITS.name) || null;
  if (!phone && !email) return null;

  const [byPhone] = phone ? await sql<{ id: string }[]>`select client_id as id from client_phones where salon_id = ${salonId} and phone = ${phone}` : [];
  const [byEmail] = !byPhone && email
    ? await sql<{ id: string }[]>`select id from clients where salon_id = ${salonId} and lower(email) = ${email} order by created_at, id limit 1`
    : [];
  let clientId = (byPhone ?? byEmail)?.id;

  if (!clientId) {
    const [created] = await sql<{ id: string }[]>`
      insert into clients (salon_id, name, email, source) values (${salonId}, ${name}, ${email}, ${contact.source}) returning id`;
    clientId = created!.id;
    const holder = phone ? await claimPhone(scope, clientId, phone) : clientId;
    if (holder !== clientId) {
      await sql`delete from clients where id = ${clientId} and salon_id = ${salonId}`;
      clientId = holder;
    } else {
      await recordClientCreated(scope, { id: clientId, name, phone, email });
    }
  } else if (phone) {
    await claimPhone(scope, clientId, phone);
  }
  await sql`
    update clients set name = coalesce(name, ${name}), email = coalesce(email, ${email}), updated_at = now()
    where id = ${clientId} and salon_id = ${salonId} and ((name is null and ${name}::text is not null) or (email is null and ${email}::text is not null))`;
  await refreshSearchText(scope, clientId);
  return clientId;
}

/**
 * Links a saved appointment to the client of its name and number (see clientForBooking).
 * An appointment that no longer names anyone recognisable keeps the client it had.
 */
export async function linkAppointment(scope: TenantScope, appointmentId: string, contact: BookingContact): Promise<void> {
  const clientId = await clientForBooking(scope, contact);
  if (clientId) await scope.sql`update appointments set client_id = ${clientId} where id = ${appointmentId} and salon_id = ${scope.salonId}`;
}

// ---- bookings made before clients were kept ----------------------------------------------

/** A booked appointment without a client, and the salon and owner it is linked as. */
export interface UnlinkedAppointment {
  appointment_id: string;
  salon_id: string;
  owner_id: string;
}

/** Up to `batch` booked appointments, across salons and oldest first, that have no client yet and name one that may be found. */
export function unlinkedAppointments({ sql }: PublicScope, batch: number): Promise<UnlinkedAppointment[]> {
  return sql<UnlinkedAppointment[]>`select appointment_id, salon_id, owner_id from unlinked_appointments(${batch})`;
}

/** Where a booking came from, as the client it makes records their source. */
export const SOURCE_OF_BOOKING: Record<AppointmentSource, ClientSource> = { dashboard: "dashboard", voice: "receptionist", online: "online", outreach: "receptionist" };

/**
 * Links an appointment booked before clients were kept to the client of its name and number,
 * as a new booking would be linked. One whose number names nobody is marked, so it is not
 * read again; one linked or cancelled meanwhile is left as it is. Answers whether it was linked.
 */
export async function linkOldBooking(scope: TenantScope, appointmentId: string): Promise<boolean> {
  const { sql, salonId } = scope;
  const [booking] = await sql<{ customer_name: string | null; customer_phone: string | null; source: AppointmentSource }[]>`
    select customer_name, customer_phone, source from appointments
    where id = ${appointmentId} and salon_id = ${salonId} and client_id is null and status = 'booked' and client_unmatched_at is null
    for update`;
  if (!booking) return false;
  let clientId: string | null = null;
  try {
    clientId = await sql.savepoint((inner) =>
      clientForBooking({ ...scope, sql: inner }, { name: booking.customer_name, phone: booking.customer_phone, source: SOURCE_OF_BOOKING[booking.source] }),
    );
  } catch (error) {
    // A booking that cannot be made a client's is set aside like an unreadable number, so it
    // never holds up the salon's others, run after run.
    console.error(`old booking ${appointmentId} could not be linked`, error);
  }
  await sql`
    update appointments set ${clientId ? sql`client_id = ${clientId}` : sql`client_unmatched_at = now()`}
    where id = ${appointmentId} and salon_id = ${salonId}`;
  return clientId !== null;
}

// ---- the list and a client's page ------------------------------------------------------

interface SummaryRow extends Omit<ClientSummary, "created_at" | "next_appointment_at"> {
  created_at: Date;
  next_appointment_at: Date | null;
}

const toSummary = <T extends SummaryRow>({ created_at, next_appointment_at, ...row }: T) => ({
  ...row,
  created_at: created_at.toISOString(),
  next_appointment_at: next_appointment_at?.toISOString() ?? null,
});

/** Words of a search as search_text holds them: folded, and a number's digits without spaces or signs. */
function searchTerms(query: string): string[] {
  return fold(query)
    .split(" ")
    .map((term) => (/^[\d+()./-]+$/.test(term) ? term.replace(/\D/g, "") : term))
    .filter(Boolean);
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (mark) => `\\${mark}`)}%`;

/** Whether the client row `clients` is one of the stylist's own: one with an appointment of theirs, past or ahead. */
const ownClient = ({ sql }: TenantScope, stylist: string) =>
  sql`exists (select from appointments a where a.salon_id = clients.salon_id and a.client_id = clients.id and a.stylist_id = ${stylist})`;

/**
 * A stylist member reaches only their own clients: another client of the salon is refused
 * (and one that does not exist is not found).
 */
async function requireOwnClient(scope: TenantScope, id: string): Promise<void> {
  if (!scope.ownStylist) return;
  const [row] = await scope.sql<{ theirs: boolean }[]>`
    select ${ownClient(scope, scope.ownStylist)} as theirs from clients where id = ${id} and salon_id = ${scope.salonId}`;
  if (!row) throw notFound();
  if (!row.theirs) throw forbidden("team.error.notYourClient");
}

/**
 * A page of the salon's clients in name order (nameless records last), or of those whose
 * name, address or number holds every word of `q`. The words are matched over the trigram
 * index of search_text.
 */
export async function listClients(scope: TenantScope, { q, limit, offset }: ClientListQuery): Promise<ClientList> {
  const { sql, salonId, ownStylist } = scope;
  const terms = searchTerms(q);
  const theirs = ownStylist ? sql`and ${ownClient(scope, ownStylist)}` : sql``;
  // The page's ids first, so the numbers are read for the page's clients only, not for those skipped.
  const rows = await sql<SummaryRow[]>`
    select c.id, c.name, c.email, c.source, c.created_at,
      ${sql.unsafe(PHONES)}, ${sql.unsafe(VISITS)}
    from (
      select id from clients
      where salon_id = ${salonId} ${theirs} ${terms.reduce((words, term) => sql`${words} and search_text like ${likePattern(term)}`, sql``)}
      order by (name is null), search_text, id
      limit ${limit + 1} offset ${offset}
    ) page
    join clients c on c.id = page.id
    order by (c.name is null), c.search_text, c.id`;
  return { items: rows.slice(0, limit).map(toSummary), more: rows.length > limit };
}

interface DetailRow extends SummaryRow {
  language: Language | null;
  preferred_stylist_id: string | null;
  notes: string | null;
  marketing_consent: boolean;
  updated_at: Date;
}

interface AppointmentRow extends Omit<ClientAppointment, "start_datetime" | "end_datetime"> {
  start_at: Date;
  end_at: Date;
}

const toAppointment = ({ start_at, end_at, ...row }: AppointmentRow): ClientAppointment => ({
  ...row,
  start_datetime: start_at.toISOString(),
  end_datetime: end_at.toISOString(),
});

/** A client's page: the record, their next and latest appointments, and their latest calls. */
export async function getClient(scope: TenantScope, id: string): Promise<ClientDetail> {
  const { sql, salonId } = scope;
  await requireOwnClient(scope, id);
  const appointments = (upcoming: boolean) => sql<AppointmentRow[]>`
    select a.id, a.start_at, a.end_at, a.stylist_name, a.status, a.no_show_at is not null as no_show,
      (select string_agg(s.service_name, ', ' order by s.position) from appointment_services s where s.appointment_id = a.id) as service_name
    from appointments a
    where a.salon_id = ${salonId} and a.client_id = ${id}
      and ${upcoming ? sql`a.start_at >= now() and a.status = 'booked'` : sql`(a.start_at < now() or a.status <> 'booked')`}
    order by a.start_at ${upcoming ? sql`asc` : sql`desc`}
    limit ${PAGE_ITEMS}`;
  const [[client], upcoming, past, calls, optOuts, offers] = await Promise.all([
    sql<DetailRow[]>`
      select c.id, c.name, c.email, c.source, c.created_at, c.updated_at, c.language, c.preferred_stylist_id, c.notes, c.marketing_consent,
        ${sql.unsafe(PHONES)}, ${sql.unsafe(VISITS)}
      from clients c where c.id = ${id} and c.salon_id = ${salonId}`,
    appointments(true),
    appointments(false),
    sql<(Omit<ClientCall, "started_at"> & { started_at: Date })[]>`
      select id, call_started_at as started_at, call_duration as duration, direction, outcome from calls
      where salon_id = ${salonId} and client_id = ${id}
      order by call_started_at desc limit ${PAGE_ITEMS}`,
    sql<(Omit<ClientOptOut, "created_at"> & { created_at: Date })[]>`
      select o.channel, o.address, o.created_at from message_opt_outs o
      where o.salon_id = ${salonId} and (
        (o.channel = 'sms' and exists (select from client_phones p where p.salon_id = o.salon_id and p.client_id = ${id} and p.phone = o.address))
        or (o.channel = 'email' and exists (select from clients c where c.salon_id = o.salon_id and c.id = ${id} and lower(c.email) = o.address)))
      order by o.created_at desc`,
    sql<(Omit<ClientOffer, "start_datetime" | "created_at"> & { start_at: Date; created_at: Date })[]>`
      select a.id, a.start_at, st.first_name || ' ' || st.last_name as stylist_name, a.channel, a.status, a.created_at
      from outreach_attempts a
      join outreach_slots o on o.id = a.slot_id and o.salon_id = a.salon_id
      join stylists st on st.id = o.stylist_id and st.salon_id = o.salon_id
      where a.salon_id = ${salonId} and a.client_id = ${id}
      order by a.created_at desc limit ${PAGE_ITEMS}`,
  ]);
  if (!client) throw notFound();
  const { updated_at, ...rest } = client;
  return {
    ...toSummary(rest),
    updated_at: updated_at.toISOString(),
    upcoming_appointments: upcoming.map(toAppointment),
    past_appointments: past.map(toAppointment),
    calls: calls.map(({ started_at, ...call }) => ({ ...call, started_at: started_at.toISOString() })),
    opt_outs: optOuts.map(({ created_at, ...optOut }) => ({ ...optOut, created_at: created_at.toISOString() })),
    offers: offers.map(({ start_at, created_at, ...offer }) => ({ ...offer, start_datetime: start_at.toISOString(), created_at: created_at.toISOString() })),
  };
}

// ---- the owner's changes ---------------------------------------------------------------

/** Locks the salon's client `id` for the rest of the transaction; not found when there is none. */
async function lockClient({ sql, salonId }: TenantScope, id: string): Promise<void> {
  const [row] = await sql`select id from clients where id = ${id} and salon_id = ${salonId} for update`;
  if (!row) throw notFound();
}

/** Numbers as the owner typed them, in E.164; one that is no number of the salon's country is invalid, naming its field. */
function normalisedPhones(texts: string[], country: CountryCode | undefined, field: string): string[] {
  return texts.map((text, index) => {
    const phone = toE164(text, country);
    if (!phone) throw new DataError("invalid", "validation.phone", { field: `${field}.${index}` });
    return phone;
  });
}

/**
 * Changes the fields sent and adds or removes numbers. A preferred stylist must be one of
 * the salon's; a number another client has is refused, naming it.
 */
export async function updateClient(scope: TenantScope, id: string, change: ClientUpdate): Promise<ClientDetail> {
  const { sql, salonId } = scope;
  await requireOwnClient(scope, id);
  await lockClient(scope, id);
  const { phones_add = [], phones_remove = [], ...fields } = change;
  if (fields.preferred_stylist_id) {
    const [stylist] = await sql`select 1 from stylists where id = ${fields.preferred_stylist_id} and salon_id = ${salonId}`;
    if (!stylist) throw new DataError("invalid", "validation.appointment.stylist", { field: "preferred_stylist_id" });
  }
  const set = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length > 0) await sql`update clients set ${sql(set)}, updated_at = now() where id = ${id} and salon_id = ${salonId}`;

  const country = phones_add.length + phones_remove.length > 0 ? await countryOfSalon(scope) : undefined;
  const removed = normalisedPhones(phones_remove, country, "phones_remove");
  if (removed.length > 0) await sql`delete from client_phones where salon_id = ${salonId} and client_id = ${id} and phone in ${sql(removed)}`;
  for (const phone of normalisedPhones(phones_add, country, "phones_add")) {
    if ((await claimPhone(scope, id, phone)) !== id) {
      throw new DataError("conflict", "clients.error.phoneTaken", { code: "phone_taken", field: "phones_add", values: { phone: displayPhone(phone) } });
    }
  }
  await refreshSearchText(scope, id);
  return getClient(scope, id);
}

/**
 * Folds client `otherId` into `id`: its numbers, appointments and calls move over, the
 * fields `id` leaves empty take its values, and it is deleted. Merging a client into itself
 * is refused; a client of another salon is not found.
 */
export async function mergeClients(scope: TenantScope, id: string, otherId: string): Promise<ClientDetail> {
  const { sql, salonId } = scope;
  if (id === otherId) throw new DataError("invalid", "clients.error.mergeSelf", { field: "other" });
  // Both rows locked in one order, so two merges of the same pair cannot deadlock.
  const locked = await sql`select id from clients where id in ${sql([id, otherId])} and salon_id = ${salonId} order by id for update`;
  if (locked.length < 2) throw notFound();
  await sql`update client_phones set client_id = ${id} where salon_id = ${salonId} and client_id = ${otherId}`;
  await sql`update appointments set client_id = ${id} where salon_id = ${salonId} and client_id = ${otherId}`;
  await sql`update calls set client_id = ${id} where salon_id = ${salonId} and client_id = ${otherId}`;
  await sql`
    update clients c set name = coalesce(c.name, o.name), email = coalesce(c.email, o.email), language = coalesce(c.language, o.language),
      preferred_stylist_id = coalesce(c.preferred_stylist_id, o.preferred_stylist_id), notes = coalesce(c.notes, o.notes),
      created_at = least(c.created_at, o.created_at), updated_at = now()
    from clients o where c.id = ${id} and c.salon_id = ${salonId} and o.id = ${otherId} and o.salon_id = ${salonId}`;
  await sql`delete from clients where id = ${otherId} and salon_id = ${salonId}`;
  await refreshSearchText(scope, id);
  return getClient(scope, id);
}

/**
 * Deletes a client and their personal data wherever the salon holds it. Their appointments
 * keep the slot, stylist and services and lose the name, number and notes; their calls keep
 * duration, cost and outcome and lose the caller's number and place, the instructions (which
 * may name the caller), the summary and every word of the conversation, the tools' arguments
 * and answers included, and their questions' ties to them. Appointments and calls of the client's numbers not linked to them are treated as theirs.
 */
export async function eraseClient(scope: TenantScope, id: string): Promise<void> {
  const { sql, salonId } = scope;
  await lockClient(scope, id);
  const phones = (await sql<{ phone: string }[]>`select phone from client_phones where salon_id = ${salonId} and client_id = ${id}`).map((row) => row.phone);
  // Appointments stored before clients were kept have no link; their numbers are free text,
  // read here as a booking's would be.
  const country = await countryOfSalon(scope);
  const unlinked = await sql<{ id: string; customer_phone: string }[]>`
    select id, customer_phone from appointments where salon_id = ${salonId} and client_id is null and customer_phone is not null`;
  const theirs = unlinked.filter((row) => phones.includes(toE164(row.customer_phone, country) ?? "")).map((row) => row.id);
  const appointments = sql`(client_id = ${id} ${theirs.length > 0 ? sql`or id in ${sql(theirs)}` : sql``})`;
  // The messages they were sent hold their name, number and address; whether they opted out stays, so they are not written to again.
  await sql`
    delete from client_messages where salon_id = ${salonId}
      and (client_id = ${id} or appointment_id in (select id from appointments where salon_id = ${salonId} and ${appointments}))`;
  await sql`
    update appointments set customer_name = null, customer_phone = null, notes = null, updated_at = now()
    where salon_id = ${salonId} and ${appointments}`;
  const calls = await sql<{ id: string }[]>`
    update calls set
      from_number = case when direction = 'inbound' then null else from_number end,
      to_number = case when direction = 'outbound' then null else to_number end,
      caller_city = null, caller_state = null, caller_country = null, instructions = null,
      summary = null, follow_up_reason = null, summary_state = case when summary_state = 'pending' then 'skipped' else summary_state end
    where salon_id = ${salonId}
      and (client_id = ${id} ${phones.length > 0 ? sql`or (client_id is null and from_number in ${sql(phones)})` : sql``})
    returning id`;
  if (calls.length > 0) {
    await sql`
      update call_items set content = null, arguments = null, result = null, error = null
      where salon_id = ${salonId} and call_id in ${sql(calls.map((call) => call.id))}`;
    // Their questions stay the salon's, without their words or the tie to their calls.
    await sql`delete from salon_question_calls where salon_id = ${salonId} and call_id in ${sql(calls.map((call) => call.id))}`;
  }
  await sql`delete from clients where id = ${id} and salon_id = ${salonId}`;
}

// ---- a returning caller ----------------------------------------------------------------

/** The appointments a returning caller is greeted with: the next few, not their whole diary. */
const CALLER_UPCOMING = 3;

/** The client a phone call's number belongs to, as the receptionist is told of them. */
export interface KnownCaller {
  name: string | null;
  preferred_stylist: string | null;
  upcoming: { start_at: Date; services: string | null; stylist_name: string }[];
}

/** Who calls from `phone` (E.164, as Twilio sends it): null for a number no client has. */
export async function knownCaller({ sql, salonId }: TenantScope, phone: string): Promise<KnownCaller | null> {
  const [caller] = await sql<(Omit<KnownCaller, "upcoming"> & { upcoming: { start_at: string; services: string | null; stylist_name: string }[] })[]>`
    select c.name,
      (select ${sql.unsafe(FULL_NAME)} from stylists s where s.salon_id = c.salon_id and s.id = c.preferred_stylist_id) as preferred_stylist,
      coalesce((
        select json_agg(next order by next.start_at) from (
          select a.start_at, a.stylist_name,
            (select string_agg(l.service_name, ', ' order by l.position) from appointment_services l where l.appointment_id = a.id) as services
          from appointments a
          where a.salon_id = c.salon_id and a.client_id = c.id and a.status = 'booked' and a.start_at >= now()
          order by a.start_at limit ${CALLER_UPCOMING}
        ) next
      ), '[]'::json) as upcoming
    from client_phones p join clients c on c.salon_id = p.salon_id and c.id = p.client_id
    where p.salon_id = ${salonId} and p.phone = ${phone}`;
  return caller ? { ...caller, upcoming: caller.upcoming.map((next) => ({ ...next, start_at: new Date(next.start_at) })) } : null;
}

// ---- the export ------------------------------------------------------------------------

/** A client as the export writes one. */
export interface ClientExportRow extends Omit<SummaryRow, "next_appointment_at" | "visit_count" | "no_show_count"> {
  language: Language | null;
  preferred_stylist: string | null;
  notes: string | null;
  marketing_consent: boolean;
}

/** Where a page of the export ends: the next page starts after this client in list order. */
export interface ExportCursor {
  nameless: boolean;
  searchText: string;
  id: string;
}

/**
 * The clients after `after` in list order, `size` at most, read off the list's index: the
 * export reads the salon page by page rather than all at once.
 */
export async function clientExportPage(
  { sql, salonId }: TenantScope,
  after: ExportCursor | null,
  size: number,
): Promise<{ rows: ClientExportRow[]; next: ExportCursor | null }> {
  const rows = await sql<(ClientExportRow & { nameless: boolean; search_text: string })[]>`
    select c.id, c.name, c.email, c.source, c.created_at, c.language, c.notes, c.marketing_consent,
      (c.name is null) as nameless, c.search_text,
      ${sql.unsafe(FULL_NAME)} as preferred_stylist,
      ${sql.unsafe(PHONES)}
    from clients c left join stylists s on s.id = c.preferred_stylist_id and s.salon_id = c.salon_id
    where c.salon_id = ${salonId}
      ${after ? sql`and ((c.name is null), c.search_text, c.id) > (${after.nameless}, ${after.searchText}, ${after.id}::uuid)` : sql``}
    order by (c.name is null), c.search_text, c.id
    limit ${size}`;
  const last = rows.at(-1);
  return {
    rows: rows.map(({ nameless: _, search_text: __, ...row }) => row),
    next: rows.length === size && last ? { nameless: last.nameless, searchText: last.search_text, id: last.id } : null,
  };
}
