import type { Service, ServiceBody } from "../../contract/salon.ts";
import { notFound } from "./errors.ts";
import { deleteSalonRow } from "./rows.ts";
import type { TenantScope } from "./tenant.ts";

// Prices are numeric(10,2) in the table and numbers in the API.
const COLUMNS = `id, name, description, duration, price::float8 as price, min_price::float8 as min_price,
  max_price::float8 as max_price, color`;

const values = (body: ServiceBody) => ({
  name: body.name,
  description: body.description,
  duration: body.duration,
  price: body.price,
  min_price: body.min_price,
  max_price: body.max_price,
  color: body.color,
});

/** The salon's services by name: the dashboard's list, the assistant's price list, a booking's choices. */
export async function listServices(scope: TenantScope): Promise<Service[]> {
  return scope.sql<Service[]>`
    select ${scope.sql.unsafe(COLUMNS)} from services where salon_id = ${scope.salonId} order by name, created_at`;
}

export async function servicesByIds(scope: TenantScope, ids: string[]): Promise<Service[]> {
  if (ids.length === 0) return [];
  return scope.sql<Service[]>`
    select ${scope.sql.unsafe(COLUMNS)} from services where salon_id = ${scope.salonId} and id in ${scope.sql(ids)}`;
}

export async function createService(scope: TenantScope, body: ServiceBody): Promise<Service> {
  const { sql } = scope;
  const [service] = await sql<Service[]>`
    insert into services ${sql({ salon_id: scope.salonId, ...values(body) })} returning ${sql.unsafe(COLUMNS)}`;
  return service!;
}

export async function updateService(scope: TenantScope, id: string, body: ServiceBody): Promise<Service> {
  const { sql } = scope;
  const [service] = await sql<Service[]>`
    update services set ${sql({ ...values(body), updated_at: new Date() })}
    where id = ${id} and salon_id = ${scope.salonId}
    returning ${sql.unsafe(COLUMNS)}`;
  if (!service) throw notFound();
  return service;
}

export async function deleteService(scope: TenantScope, id: string): Promise<void> {
  await deleteSalonRow(scope, "services", id);
}
