import type { ScheduleBody, Stylist, StylistBody } from "../../contract/salon.ts";
import { DataError, notFound } from "./errors.ts";
import type { TenantScope } from "./tenant.ts";

const COLUMNS = "id, first_name, last_name, email, phone, working_hours, time_off, is_active, color";

/** How a stylist is named to callers and on appointments. */
export const FULL_NAME = "first_name || ' ' || last_name";

// Hours and time off go in as JSON text cast to jsonb by the query: a parameter the server
// sees as jsonb would be encoded a second time.
const values = (body: StylistBody) => ({
  ...body,
  working_hours: JSON.stringify(body.working_hours),
  time_off: JSON.stringify(body.time_off),
});

export async function listStylists(scope: TenantScope): Promise<Stylist[]> {
  return scope.sql<Stylist[]>`
    select ${scope.sql.unsafe(COLUMNS)} from stylists where salon_id = ${scope.salonId} order by first_name, last_name, created_at`;
}

export async function createStylist(scope: TenantScope, body: StylistBody): Promise<Stylist> {
  const { sql } = scope;
  const row = values(body);
  const [stylist] = await sql<Stylist[]>`
    insert into stylists (salon_id, first_name, last_name, email, phone, working_hours, time_off, is_active, color)
    values (${scope.salonId}, ${row.first_name}, ${row.last_name}, ${row.email}, ${row.phone},
            ${row.working_hours}::text::jsonb, ${row.time_off}::text::jsonb, ${row.is_active}, ${row.color})
    returning ${sql.unsafe(COLUMNS)}`;
  return stylist!;
}

export async function updateStylist(scope: TenantScope, id: string, body: StylistBody): Promise<Stylist> {
  const { sql } = scope;
  const row = values(body);
  const [stylist] = await sql<Stylist[]>`
    update stylists set first_name = ${row.first_name}, last_name = ${row.last_name}, email = ${row.email},
      phone = ${row.phone}, working_hours = ${row.working_hours}::text::jsonb, time_off = ${row.time_off}::text::jsonb,
      is_active = ${row.is_active}, color = ${row.color}, updated_at = now()
    where id = ${id} and salon_id = ${scope.salonId}
    returning ${sql.unsafe(COLUMNS)}`;
  if (!stylist) throw notFound();
  return stylist;
}

/** A stylist member's own record. */
export async function ownStylist(scope: TenantScope): Promise<Stylist> {
  const [stylist] = await scope.sql<Stylist[]>`
    select ${scope.sql.unsafe(COLUMNS)} from stylists where id = ${scope.ownStylist ?? null} and salon_id = ${scope.salonId}`;
  if (!stylist) throw notFound();
  return stylist;
}

/** A stylist member changes their own week and days off, and nothing else of their record. */
export async function updateOwnSchedule(scope: TenantScope, body: ScheduleBody): Promise<Stylist> {
  const current = await ownStylist(scope);
  return updateStylist(scope, current.id, { ...current, ...body });
}

/** Deletes a stylist without upcoming appointments; past ones keep the stylist's name. */
export async function deleteStylist(scope: TenantScope, id: string): Promise<void> {
  const { sql } = scope;
  // The row lock waits for bookings in flight (they hold a key-share lock on it) and
  // keeps new ones out until this transaction ends, so the count below is final.
  const [stylist] = await sql`select id from stylists where id = ${id} and salon_id = ${scope.salonId} for update`;
  if (!stylist) throw notFound();
  const [{ upcoming }] = (await sql`
    select count(*)::int as upcoming from appointments
    where stylist_id = ${id} and salon_id = ${scope.salonId} and status = 'booked' and end_at > now()`) as [{ upcoming: number }];
  if (upcoming > 0) {
    throw new DataError("conflict", "stylists.error.upcomingAppointments", { code: "has_appointments", values: { count: upcoming } });
  }
  await sql`delete from stylists where id = ${id} and salon_id = ${scope.salonId}`;
}

export interface NamedStylist {
  id: string;
  name: string;
}

/** The stylists who take appointments, by name. */
export async function activeStylists(scope: TenantScope): Promise<NamedStylist[]> {
  return scope.sql<NamedStylist[]>`
    select id, ${scope.sql.unsafe(FULL_NAME)} as name from stylists
    where salon_id = ${scope.salonId} and is_active order by first_name, last_name`;
}
