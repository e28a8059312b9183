import type { Context } from "hono";
import type { TransactionSql } from "postgres";
import type { Appointment, AppointmentBody } from "../../contract/appointments.ts";
import { DEFAULT_COLOR } from "../../contract/salon.ts";
import { inSalon, type OwnerEnv } from "../dashboard/tenancy.ts";
import { ApiError } from "../http/errors.ts";

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
}

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
});

/** Booked appointments of the salon bound to `tx`, with their service lines, by start. */
export async function listAppointments(
  tx: TransactionSql,
  salonId: string,
  where: { from?: Date; to?: Date; id?: string; customerPhone?: string },
): Promise<Appointment[]> {
  const rows = await tx<Row[]>`
    select a.id, a.customer_name, a.customer_phone, a.stylist_id as stylist, a.stylist_name, a.start_at, a.end_at, a.notes,
      coalesce(json_agg(json_build_object(
        'service_id', s.service_id, 'service_name', s.service_name, 'service_color', s.service_color,
        'price_at_booking', s.price_at_booking::float8, 'duration_at_booking', s.duration_at_booking
      ) order by s.position) filter (where s.id is not null), '[]') as services
    from appointments a left join appointment_services s on s.appointment_id = a.id
    where a.salon_id = ${salonId} and a.status = 'booked'
      ${where.id ? tx`and a.id = ${where.id}` : tx``}
      ${where.from ? tx`and a.end_at > ${where.from}` : tx``}
      ${where.to ? tx`and a.start_at < ${where.to}` : tx``}
      ${where.customerPhone ? tx`and a.customer_phone = ${where.customerPhone}` : tx``}
    group by a.id
    order by a.start_at, a.stylist_name`;
  return rows.map(toAppointment);
}

/** A stylist or service that is not the salon's; `messageId` is a catalog id. */
export class InvalidAppointment extends Error {
  constructor(
    readonly field: string,
    readonly messageId: string,
  ) {
    super(messageId);
  }
}

const EXCLUSION_VIOLATION = "23P01";

/** The exclusion constraint refused the write: the stylist is busy then. */
export const isOverlap = (error: unknown) => (error as { code?: string }).code === EXCLUSION_VIOLATION;

/**
 * Writes an appointment and its service lines in the salon bound to `tx`. Prices and
 * durations not given are taken from the services as they are now. Overlaps are left to
 * the database's exclusion constraint (see isOverlap). Answers the id, or null when the
 * appointment to change is not a booked one of this salon.
 */
export async function writeAppointment(
  tx: TransactionSql,
  salonId: string,
  body: AppointmentBody,
  options: { id?: string; source?: "dashboard" | "voice" } = {},
): Promise<string | null> {
  const [stylist] = await tx<{ name: string }[]>`
    select first_name || ' ' || last_name as name from stylists where id = ${body.stylist} and salon_id = ${salonId}`;
  if (!stylist) throw new InvalidAppointment("stylist", "validation.appointment.stylist");

  const ids = body.services.map((line) => line.service);
  const services = ids.length
    ? await tx<{ id: string; name: string; color: string; price: number; duration: number }[]>`
        select id, name, color, price::float8 as price, duration from services where salon_id = ${salonId} and id in ${tx(ids)}`
    : [];
  const byId = new Map(services.map((service) => [service.id, service]));
  const missing = body.services.findIndex((line) => !byId.has(line.service));
  if (missing >= 0) throw new InvalidAppointment(`services.${missing}.service`, "validation.appointment.service");

  const fields = {
    stylist_id: body.stylist,
    stylist_name: stylist.name,
    customer_name: body.customer_name,
    customer_phone: body.customer_phone,
    start_at: new Date(body.start_datetime),
    end_at: new Date(body.end_datetime),
    notes: body.notes,
  };
  let id = options.id;
  if (id) {
    const [updated] = await tx<{ id: string }[]>`
      update appointments set ${tx(fields)}, updated_at = now()
      where id = ${id} and salon_id = ${salonId} and status = 'booked' returning id`;
    if (!updated) return null;
    await tx`delete from appointment_services where appointment_id = ${id}`;
  } else {
    const [created] = await tx<{ id: string }[]>`
      insert into appointments ${tx({ ...fields, salon_id: salonId, source: options.source ?? "dashboard" })} returning id`;
    id = created!.id;
  }
  for (const [position, line] of body.services.entries()) {
    const service = byId.get(line.service)!;
    await tx`insert into appointment_services ${tx({
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
  return id;
}

/**
 * Runs a dashboard write: a stylist or service of another salon is a 422, and a write that
 * would double-book a 409 naming the appointment in the way. When the exclusion constraint refuses it, the whole
 * transaction is gone, so the clash is read in a new one.
 */
export async function guardOverlap<T>(c: Context<OwnerEnv>, body: AppointmentBody, write: () => Promise<T>, ignoreId?: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof InvalidAppointment) {
      const detail = c.var.t(error.messageId);
      throw new ApiError(422, { detail, code: "validation_error", fields: { [error.field]: detail } });
    }
    if (!isOverlap(error)) throw error;
    const [clash] = await inSalon(c, (tx) => tx<{ stylist_name: string; start_at: Date; end_at: Date }[]>`
      select stylist_name, start_at, end_at from appointments
      where salon_id = ${c.var.salon.id} and stylist_id = ${body.stylist} and status = 'booked'
        and tstzrange(start_at, end_at, '[)') && tstzrange(${body.start_datetime}::timestamptz, ${body.end_datetime}::timestamptz, '[)')
        ${ignoreId ? tx`and id <> ${ignoreId}` : tx``}
      order by start_at limit 1`);
    throw new ApiError(409, { detail: clashDetail(c, clash), code: "overlap" });
  }
}

function clashDetail(c: Context<OwnerEnv>, clash?: { stylist_name: string; start_at: Date; end_at: Date }) {
  if (!clash) return c.var.t("appointments.error.overlapUnknown");
  const options = { timeZone: c.var.salon.time_zone };
  const date = new Intl.DateTimeFormat(c.var.language, { ...options, day: "numeric", month: "long" });
  const time = new Intl.DateTimeFormat(c.var.language, { ...options, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return c.var.t("appointments.error.overlap", {
    stylist: clash.stylist_name,
    date: date.format(clash.start_at),
    start: time.format(clash.start_at),
    end: time.format(clash.end_at),
  });
}
