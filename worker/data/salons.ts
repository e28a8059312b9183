import type { Currency } from "../../contract/currency.ts";
import { DEFAULT_TIME_ZONE, type BusinessHours, type Salon, type SalonBody } from "../../contract/salon.ts";
import type { Role } from "../../contract/team.ts";
import { DataError, isViolation } from "./errors.ts";
import type { MemberScope, TenantScope } from "./tenant.ts";

/** The salon a signed-in person works in, with what every request needs of it. */
export interface Membership {
  salonId: string;
  role: Role;
  /** A stylist member's own stylist record. */
  stylistId: string | null;
  timeZone: string;
}

const COLUMNS = `name, email, phone, website, address, city, state, postal_code, country, description,
  transfer_phone_number, business_hours, special_dates, time_zone, currency, transcript_retention_days`;

/**
 * The salon a signed-in person works in: the one the request names (`wanted`), else the one
 * they last chose, else the first they joined. Someone who belongs nowhere and never joined a
 * salon gets a new one they own, made with `defaults` (the spec's defaults: the first
 * dashboard request creates the salon); someone whose membership ended is refused, so a
 * removed member's next request fails rather than opening a salon of their own.
 */
export async function membershipOf(
  scope: MemberScope,
  wanted: string | undefined,
  defaults: { name: string; businessHours: BusinessHours; timeZone: string },
): Promise<Membership> {
  const { sql, userId } = scope;
  const find = async () => {
    const [found] = await sql<Membership[]>`
      select m.salon_id as "salonId", m.role, m.stylist_id as "stylistId", s.time_zone as "timeZone"
      from salon_members m join salons s on s.id = m.salon_id join users u on u.id = m.user_id
      where m.user_id = ${userId} ${wanted ? sql`and m.salon_id = ${wanted}` : sql``}
      order by m.salon_id = u.last_salon_id desc nulls last, m.created_at, m.salon_id limit 1`;
    return found;
  };
  const existing = await find();
  if (existing) return existing;
  if (wanted) throw new DataError("forbidden", "team.error.notMember", { code: "not_member" });
  // Two first requests at once make one salon: the second waits here and then finds it.
  await sql`select pg_advisory_xact_lock(hashtextextended(${`first-salon:${userId}`}, 0))`;
  const raced = await find();
  if (raced) return raced;
  const [{ joined }] = await sql<[{ joined: boolean }]>`select joined_by_invitation(${userId}) as joined`;
  if (joined) throw new DataError("forbidden", "team.error.noSalon", { code: "not_member" });
  const id = crypto.randomUUID();
  await scope.enter(id);
  // The salons trigger makes the owner a member in the same statement. A browser's zone that
  // PostgreSQL does not know gives way to the default.
  const [created] = await sql<{ time_zone: string }[]>`
    insert into salons (id, owner_id, name, business_hours, time_zone)
    values (${id}, ${userId}, ${defaults.name}, ${JSON.stringify(defaults.businessHours)}::text::jsonb,
      case when is_known_time_zone(${defaults.timeZone}) then ${defaults.timeZone} else ${DEFAULT_TIME_ZONE} end)
    returning time_zone`;
  return { salonId: id, role: "owner", stylistId: null, timeZone: created!.time_zone };
}

export async function getSalon(scope: TenantScope): Promise<Salon> {
  const [salon] = await scope.sql<Salon[]>`select ${scope.sql.unsafe(COLUMNS)} from salons where id = ${scope.salonId}`;
  return salon!;
}

/** Saves the salon's settings; a time zone PostgreSQL does not know is invalid. */
export async function updateSalon(scope: TenantScope, body: SalonBody): Promise<Salon> {
  try {
    return await writeSalon(scope, body);
  } catch (error) {
    if (isViolation(error, "23514", "salons_time_zone_known")) throw new DataError("invalid", "validation.timeZone", { field: "time_zone" });
    throw error;
  }
}

async function writeSalon(scope: TenantScope, body: SalonBody): Promise<Salon> {
  const { sql } = scope;
  const [salon] = await sql<Salon[]>`
    update salons set
      name = ${body.name}, email = ${body.email}, phone = ${body.phone}, website = ${body.website},
      address = ${body.address}, city = ${body.city}, state = ${body.state}, postal_code = ${body.postal_code},
      country = ${body.country}, description = ${body.description}, transfer_phone_number = ${body.transfer_phone_number},
      business_hours = ${JSON.stringify(body.business_hours)}::text::jsonb, special_dates = ${JSON.stringify(body.special_dates)}::text::jsonb,
      time_zone = ${body.time_zone}, currency = ${body.currency},
      transcript_retention_days = ${body.transcript_retention_days}, updated_at = now()
    where id = ${scope.salonId}
    returning ${sql.unsafe(COLUMNS)}`;
  return salon!;
}

/** What the assistant says of the salon, and what a call needs to run: its clock, numbers and owner's language. */
export interface SalonProfile {
  name: string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  description: string | null;
  business_hours: BusinessHours;
  transfer_phone_number: string | null;
  time_zone: string;
  /** What the salon's prices are in. */
  currency: Currency;
  /** The owner's interface language, which the assistant's instructions are written for. */
  language: string;
}

export async function salonProfile(scope: TenantScope): Promise<SalonProfile | undefined> {
  const [salon] = await scope.sql<SalonProfile[]>`
    select s.name, s.address, s.postal_code, s.city, s.state, s.country, s.phone, s.email, s.website, s.description,
           s.business_hours, s.transfer_phone_number, s.time_zone, s.currency, u.language
    from salons s join users u on u.id = s.owner_id where s.id = ${scope.salonId}`;
  return salon;
}
