import type { BookableService, BookingSettings, BookingSettingsBody } from "../../contract/booking-page.ts";
import type { Currency } from "../../contract/currency.ts";
import type { Language } from "../../contract/languages.ts";
import type { BusinessHours } from "../../contract/salon.ts";
import { DataError, isViolation } from "./errors.ts";
import { FULL_NAME } from "./stylists.ts";
import type { PublicScope, Tenant, TenantScope } from "./tenant.ts";

/** The salon's online booking page as its owner sets it. */
export async function bookingSettings({ sql, salonId }: TenantScope): Promise<BookingSettings> {
  const [row] = await sql<BookingSettings[]>`
    select b.enabled, b.slug, b.min_notice_minutes, b.horizon_days, b.slot_step,
      to_json(array(select id from services where salon_id = b.salon_id and not bookable_online order by name)) as offline_services,
      to_json(array(select id from stylists where salon_id = b.salon_id and not bookable_online order by first_name, last_name)) as offline_stylists
    from booking_pages b where b.salon_id = ${salonId}`;
  return row!;
}

/** Saves the page's settings; an address another salon has is a conflict at the field. */
export async function saveBookingSettings(scope: TenantScope, body: BookingSettingsBody): Promise<BookingSettings> {
  const { sql, salonId } = scope;
  const { offline_services, offline_stylists, ...page } = body;
  try {
    await sql.savepoint((sp) => sp`update booking_pages set ${sp(page)}, updated_at = now() where salon_id = ${salonId}`);
  } catch (error) {
    if (isViolation(error, "23505")) throw new DataError("conflict", "booking.error.slugTaken", { code: "slug_taken", field: "slug" });
    throw error;
  }
  await sql`update services set bookable_online = not (${sql.json(offline_services)}::jsonb ? id::text) where salon_id = ${salonId}`;
  await sql`update stylists set bookable_online = not (${sql.json(offline_stylists)}::jsonb ? id::text) where salon_id = ${salonId}`;
  return bookingSettings(scope);
}

/** Whose page the address names, before any salon is known; undefined for none. */
export async function bookingPageTenant({ sql }: PublicScope, slug: string): Promise<Tenant | undefined> {
  const [row] = await sql<Tenant[]>`select salon_id as "salonId", owner_id as "userId" from booking_page_tenant(${slug})`;
  return row;
}

/** What the page shows and the rules it books by, read in the salon's transaction. */
export interface BookingPage {
  enabled: boolean;
  slug: string;
  min_notice_minutes: number;
  horizon_days: number;
  slot_step: number;
  /** The salon's outreach is on, so a visitor may join its waitlist. */
  waitlist: boolean;
  salon: {
    name: string;
    phone: string | null;
    address: string | null;
    postal_code: string | null;
    city: string | null;
    country: string | null;
    time_zone: string;
    currency: Currency;
    business_hours: BusinessHours;
    language: Language;
  };
}

export async function bookingPage({ sql, salonId }: TenantScope): Promise<BookingPage> {
  const [row] = await sql<BookingPage[]>`
    select b.enabled, b.slug, b.min_notice_minutes, b.horizon_days, b.slot_step,
      coalesce((select o.enabled from outreach_settings o where o.salon_id = b.salon_id), false) as waitlist,
      json_build_object(
        'name', s.name, 'phone', s.phone, 'address', s.address, 'postal_code', s.postal_code, 'city', s.city,
        'country', s.country, 'time_zone', s.time_zone, 'currency', s.currency, 'business_hours', s.business_hours,
        'language', u.language
      ) as salon
    from booking_pages b join salons s on s.id = b.salon_id join users u on u.id = s.owner_id
    where b.salon_id = ${salonId}`;
  return row!;
}

/** The active services the page offers, by name. */
export function bookableServices({ sql, salonId }: TenantScope): Promise<BookableService[]> {
  return sql<BookableService[]>`
    select id, name, description, duration, price::float8 as price, min_price::float8 as min_price, max_price::float8 as max_price
    from services where salon_id = ${salonId} and bookable_online order by name`;
}

/** The active stylists the page offers, in the order free-slot searches list them. */
export function bookableStylists({ sql, salonId }: TenantScope): Promise<{ id: string; name: string }[]> {
  return sql<{ id: string; name: string }[]>`
    select id, ${sql.unsafe(FULL_NAME)} as name from stylists
    where salon_id = ${salonId} and is_active and bookable_online order by first_name, last_name`;
}

/** The page with what it offers now, its services and stylists, read in one round trip. */
export async function pageWithOffer(scope: TenantScope) {
  const [page, services, stylists] = await Promise.all([bookingPage(scope), bookableServices(scope), bookableStylists(scope)]);
  return { page, offer: { services, stylists } };
}

/** Upcoming online bookings of a number (E.164) at the salon. */
export async function pendingOnlineBookings({ sql, salonId }: TenantScope, phone: string): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from appointments
    where salon_id = ${salonId} and source = 'online' and status = 'booked' and customer_phone = ${phone} and end_at > now()`;
  return row!.count;
}
