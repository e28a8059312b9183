import type { Appointment, AppointmentBody, AppointmentChange, AppointmentMove, AppointmentSource, ChangeChannel } from "../../contract/appointments.ts";
import { DEFAULT_COLOR } from "../../contract/salon.ts";
import { linkAppointment, SOURCE_OF_BOOKING } from "./clients.ts";
import { DataError, forbidden, isOverlap, notFound } from "./errors.ts";
import { servicesByIds } from "./services.ts";
import { FULL_NAME } from "./stylists.ts";
import type { TenantScope } from "./tenant.ts";

interface Row {
  id: string;
  customer_name: string | null;
  customer_phone: string | null;
  stylist: string | null;
  stylist_name: string;
  start_at: Date;
  end_at: Date;
  notes: string | null;
  services: Appointment["services"];
  no_show_at: Date | null;
  source: AppointmentSource;
  created_via: ChangeChannel;
  created_name: string | null;
  created_at: Date;
  changed_via: ChangeChannel | null;
  changed_name: string | null;
  changed_at: Date | null;
  version: number;
}

const CHANGE_KINDS: Record<ChangeChannel, AppointmentChange["kind"]> = {
  dashboard: "person",
  api: "api",
  voice: "assistant",
  online: "booking_page",
  client: "client",
  outreach: "outreach",
};

const change = (via: ChangeChannel | null, name: string | null, at: Date | null): AppointmentChange | null =>
  via && at ? { kind: CHANGE_KINDS[via], name: via === "dashboard" ? name : null, at: at.toISOString() } : null;

const toAppointment = (row: Row): Appointment => ({
  id: row.id,
  customer_name: row.customer_name,
  customer_phone: row.customer_phone,
  stylist: row.stylist,
  stylist_name: row.stylist_name,
  start_datetime: row.start_at.toISOString(),
  end_datetime: row.end_at.toISOString(),
  notes: row.notes,
  service_name: row.services.length ? row.services.map((line) => line.service_name).join(", ") : null,
  service_color: row.services[0]?.service_color ?? DEFAULT_COLOR,
  services: row.services,
  no_show_at: row.no_show_at?.toISOString() ?? null,
  source: row.source,
  created_by: change(row.created_via, row.created_name, row.created_at),
  changed_by: change(row.changed_via, row.changed_name, row.changed_at),
  version: row.version,
});

/** A person as the salon knows them: the name given at their invitation, else their address. */
const PERSON = (user: string) => `(select coalesce(m.name, u.email::text) from users u
  left join salon_members m on m.salon_id = a.salon_id and m.user_id = u.id where u.id = ${user})`;

/**
 * Booked appointments of the salon with their service lines, by start. A stylist reads every
 * stylist's appointments with the client's name, but only their own with the number and notes.
 */
export async function listAppointments(scope: TenantScope, where: { from?: Date; to?: Date; id?: string }): Promise<Appointment[]> {
  const { sql, ownStylist } = scope;
  const own = ownStylist ? sql`a.stylist_id is not distinct from ${ownStylist}` : sql`true`;
  const rows = await sql<Row[]>`
    select a.id, a.customer_name, case when ${own} then a.customer_phone end as customer_phone, a.stylist_id as stylist, a.stylist_name,
      a.start_at, a.end_at, case when ${own} then a.notes end as notes, a.no_show_at, a.source,
      coalesce(a.created_via, a.source) as created_via, ${sql.unsafe(PERSON("a.created_by"))} as created_name, a.created_at,
      a.changed_via, ${sql.unsafe(PERSON("a.changed_by"))} as changed_name, a.changed_at, a.version,
      coalesce(json_agg(json_build_object(
        'service_id', s.service_id, 'service_name', s.service_name, 'service_color', s.service_color,
        'price_at_booking', s.price_at_booking::float8, 'duration_at_booking', s.duration_at_booking
      ) order by s.position) filter (where s.id is not null), '[]') as services
    from appointments a left join appointment_services s on s.appointment_id = a.id
    where a.salon_id = ${scope.salonId} and a.status = 'booked'
      ${where.id ? sql`and a.id = ${where.id}` : sql``}
      ${where.from ? sql`and a.end_at > ${where.from}` : sql``}
      ${where.to ? sql`and a.start_at < ${where.to}` : sql``}
    group by a.id
    order by a.start_at, a.stylist_name`;
  return rows.map(toAppointment);
}

/** One booked appointment, or not found. */
export async function getAppointment(scope: TenantScope, id: string): Promise<Appointment> {
  const [appointment] = await listAppointments(scope, { id });
  if (!appointment) throw notFound();
  return appointment;
}

export interface SaveOptions {
  /** The booked appointment to change; none books a new one. */
  id?: string;
  /** Where a new booking is made; the dashboard by default. */
  source?: AppointmentSource;
  /** The client's email, when the booking gives one (the online booking page's form). */
  email?: string | null;
  /** Where the change is made; a new booking's source, else the dashboard. */
  via?: ChangeChannel;
}

/**
 * What every change to an appointment writes beside its own columns: where it was made, by
 * whom (a person only when it is made in the dashboard), when, and one more version.
 */
const changed = (sql: TenantScope["sql"], { userId }: TenantScope, via: ChangeChannel) =>
  sql`changed_via = ${via}, changed_by = ${via === "dashboard" ? userId : null}, changed_at = now(), updated_at = now(), version = version + 1`;

/** Moved to a time still ahead, an appointment is no longer one the client missed. */
const noShowKept = (sql: TenantScope["sql"], start: Date) => sql`no_show_at = case when ${start} > now() then null else no_show_at end`;

/**
 * Writes to one stylist's calendar take turns. Two overlapping bookings written at once
 * would otherwise each insert, each find the other's row in the exclusion constraint and wait
 * for it: a deadlock PostgreSQL breaks only after a second (deadlock_timeout), and fifty at
 * once queue past the statement timeout. In turn, each finds the booking before it committed.
 */
const inTurn = (scope: TenantScope, stylistId: string) => scope.sql`select pg_advisory_xact_lock(hashtextextended(${stylistId}, 0))`;

/** The stylist's name, refused as a field when the stylist is not the salon's. */
async function stylistName({ sql, salonId }: TenantScope, stylistId: string): Promise<string> {
  const [stylist] = await sql<{ name: string }[]>`
    select ${sql.unsafe(FULL_NAME)} as name from stylists where id = ${stylistId} and salon_id = ${salonId}`;
  if (!stylist) throw new DataError("invalid", "validation.appointment.stylist", { field: "stylist" });
  return stylist.name;
}

/** A stylist member changes only their own appointments: those of their stylist record, kept there. */
function requireOwn(scope: TenantScope, stylistId: string | null) {
  if (scope.ownStylist && stylistId !== scope.ownStylist) throw forbidden("team.error.notYourAppointment");
}

/** The stylist of a booked appointment, for the check above; not found when there is none. */
async function stylistOf(scope: TenantScope, id: string): Promise<string | null> {
  const [row] = await scope.sql<{ stylist_id: string | null }[]>`
    select stylist_id from appointments where id = ${id} and salon_id = ${scope.salonId} and status = 'booked'`;
  if (!row) throw notFound();
  return row.stylist_id;
}

/**
 * Books an appointment (no `id`) or changes a booked one, with its service lines. Prices and
 * durations not given are taken from the services as they are now. A stylist or service that
 * is not the salon's is invalid; a time that overlaps another booking of the stylist is a
 * conflict naming that booking (the exclusion constraint decides, whatever was checked before).
 * The appointment is linked to the client of its name and number (clients.ts).
 */
export async function saveAppointment(
  scope: TenantScope,
  body: AppointmentBody,
  options: SaveOptions = {},
): Promise<Appointment> {
  const { sql, salonId } = scope;
  requireOwn(scope, body.stylist);
  if (options.id) requireOwn(scope, await stylistOf(scope, options.id));
  const stylist = await stylistName(scope, body.stylist);

  const services = await servicesByIds(scope, body.services.map((line) => line.service));
  const byId = new Map(services.map((service) => [service.id, service]));
  const missing = body.services.findIndex((line) => !byId.has(line.service));
  if (missing >= 0) throw new DataError("invalid", "validation.appointment.service", { field: `services.${missing}.service` });

  const fields = {
    stylist_id: body.stylist,
    stylist_name: stylist,
    customer_name: body.customer_name,
    customer_phone: body.customer_phone,
    start_at: new Date(body.start_datetime),
    end_at: new Date(body.end_datetime),
    notes: body.notes,
  };
  const via = options.via ?? options.source ?? "dashboard";
  let id = options.id;
  await inTurn(scope, body.stylist);
  try {
    // A savepoint keeps the transaction usable when the exclusion constraint refuses the
    // write, so the booking in the way can still be read and named.
    id = await sql.savepoint(async (sp) => {
      if (options.id) {
        const [updated] = await sp<{ id: string }[]>`
          update appointments set ${sp(fields)}, ${changed(sp, scope, via)}, ${noShowKept(sp, fields.start_at)}
          where id = ${options.id} and salon_id = ${salonId} and status = 'booked' returning id`;
        return updated?.id;
      }
      const [created] = await sp<{ id: string }[]>`
        insert into appointments ${sp({
          ...fields,
          salon_id: salonId,
          source: options.source ?? "dashboard",
          created_via: via,
          created_by: via === "dashboard" ? scope.userId : null,
        })} returning id`;
      return created!.id;
    });
  } catch (error) {
    if (isOverlap(error)) throw await overlapError(scope, body, options.id);
    throw error;
  }
  if (!id) throw notFound();
  await linkAppointment(scope, id, {
    name: body.customer_name,
    phone: body.customer_phone,
    email: options.email,
    source: SOURCE_OF_BOOKING[options.source ?? "dashboard"],
  });
  if (options.id) await sql`delete from appointment_services where appointment_id = ${id} and salon_id = ${salonId}`;
  for (const [position, line] of body.services.entries()) {
    const service = byId.get(line.service)!;
    await sql`insert into appointment_services ${sql({
      appointment_id: id,
      salon_id: salonId,
      service_id: service.id,
      service_name: service.name,
      service_color: service.color,
      price_at_booking: line.price_at_booking ?? service.price,
      duration_at_booking: line.duration_at_booking ?? service.duration,
      position,
    })}`;
  }
  return getAppointment(scope, id);
}

/**
 * Moves a booked appointment to another stylist or time, as it was read at `move.version`: its
 * client, services and notes stay as they are. A change someone made since is refused as a
 * conflict carrying the appointment as it is now; a clash as a booking's is.
 */
export async function moveAppointment(scope: TenantScope, id: string, move: AppointmentMove, via: ChangeChannel = "dashboard"): Promise<Appointment> {
  const { sql, salonId } = scope;
  requireOwn(scope, move.stylist);
  requireOwn(scope, await stylistOf(scope, id));
  const stylist = await stylistName(scope, move.stylist);
  const start = new Date(move.start_datetime);
  await inTurn(scope, move.stylist);
  let moved: { id: string } | undefined;
  try {
    moved = await sql.savepoint(async (sp) => {
      const [row] = await sp<{ id: string }[]>`
        update appointments set stylist_id = ${move.stylist}, stylist_name = ${stylist}, start_at = ${start}, end_at = ${new Date(move.end_datetime)},
          ${changed(sp, scope, via)}, ${noShowKept(sp, start)}
        where id = ${id} and salon_id = ${salonId} and status = 'booked' and version = ${move.version} returning id`;
      return row;
    });
  } catch (error) {
    if (isOverlap(error)) throw await overlapError(scope, move, id);
    throw error;
  }
  if (!moved) throw new DataError("conflict", "appointments.error.changedMeanwhile", { code: "changed_meanwhile", answer: { current: await getAppointment(scope, id) } });
  return getAppointment(scope, id);
}

/** The conflict of a write the exclusion constraint refused, naming the booking in the way when it is still there. */
async function overlapError(
  scope: TenantScope,
  body: Pick<AppointmentBody, "stylist" | "start_datetime" | "end_datetime">,
  ignoreId: string | undefined,
): Promise<DataError> {
  const { sql } = scope;
  const [clash] = await sql<{ stylist_name: string; start_at: Date; end_at: Date; time_zone: string }[]>`
    select a.stylist_name, a.start_at, a.end_at, s.time_zone from appointments a join salons s on s.id = a.salon_id
    where a.salon_id = ${scope.salonId} and a.stylist_id = ${body.stylist} and a.status = 'booked'
      and tstzrange(a.start_at, a.end_at, '[)') && tstzrange(${body.start_datetime}::timestamptz, ${body.end_datetime}::timestamptz, '[)')
      ${ignoreId ? sql`and a.id <> ${ignoreId}` : sql``}
    order by a.start_at limit 1`;
  if (!clash) return new DataError("conflict", "appointments.error.overlapUnknown", { code: "overlap" });
  const timeZone = clash.time_zone;
  return new DataError("conflict", "appointments.error.overlap", {
    code: "overlap",
    values: {
      stylist: clash.stylist_name,
      date: { date: clash.start_at, timeZone },
      start: { time: clash.start_at, timeZone },
      end: { time: clash.end_at, timeZone },
    },
  });
}

/** Cancels a booked appointment: the record stays and the time is free again. */
export async function cancelAppointment(scope: TenantScope, id: string, via: ChangeChannel = "dashboard"): Promise<void> {
  const { sql } = scope;
  requireOwn(scope, await stylistOf(scope, id));
  const cancelled = await sql`
    update appointments set status = 'cancelled', cancelled_at = now(), ${changed(sql, scope, via)}
    where id = ${id} and salon_id = ${scope.salonId} and status = 'booked' returning id`;
  if (cancelled.length === 0) throw notFound();
}

/**
 * Marks that the client of a booked appointment did not come, or clears the mark. Only an
 * appointment whose time has begun can be missed; the appointment stays booked either way.
 */
export async function markNoShow(scope: TenantScope, id: string, noShow: boolean, via: ChangeChannel = "dashboard"): Promise<Appointment> {
  const { sql, salonId } = scope;
  requireOwn(scope, await stylistOf(scope, id));
  const [appointment] = await sql<{ started: boolean }[]>`
    select start_at <= now() as started from appointments where id = ${id} and salon_id = ${salonId} and status = 'booked' for update`;
  if (!appointment) throw notFound();
  if (noShow && !appointment.started) throw new DataError("invalid", "appointments.error.noShowAhead", { code: "not_started", field: "no_show" });
  await sql`
    update appointments set no_show_at = ${noShow ? sql`coalesce(no_show_at, now())` : null}, ${changed(sql, scope, via)}
    where id = ${id} and salon_id = ${salonId}`;
  return getAppointment(scope, id);
}
