import type { TransactionSql } from "postgres";

/** The demo salon's booking page, `/{lang}/book/salon-bella`; printed at start-up. */
export const DEMO_BOOKING_SLUG = "salon-bella";

/** What the demo salon keeps off its page: a long service booked after a consultation, and a stylist who takes only regulars. */
const OFFLINE = { service: "Balayage", stylist: "Tomáš" };

/**
 * The demo salon's page, switched on at its name, with one service and one stylist taken
 * off it, so the Online booking tab shows every part filled in.
 */
export async function seedBookingPage(tx: TransactionSql, ownerEmail: string): Promise<void> {
  const [salon] = await tx<{ id: string }[]>`select s.id from salons s join users u on u.id = s.owner_id where u.email = ${ownerEmail}`;
  if (!salon) return;
  await tx`update booking_pages set enabled = true, slug = ${DEMO_BOOKING_SLUG}, updated_at = now()
           where salon_id = ${salon.id} and not exists (select from booking_pages where slug = ${DEMO_BOOKING_SLUG})`;
  await tx`update services set bookable_online = false where salon_id = ${salon.id} and name = ${OFFLINE.service}`;
  await tx`update stylists set bookable_online = false where salon_id = ${salon.id} and first_name = ${OFFLINE.stylist}`;
}

/**
 * Where the demo's upcoming bookings came from: some made on the page (only what it offers),
 * some by the receptionist on a call, the rest in the dashboard, so the calendar shows each mark.
 */
export async function seedBookingSources(tx: TransactionSql, ownerEmail: string): Promise<void> {
  const upcoming = await tx<{ id: string; offered: boolean }[]>`
    select a.id,
      a.stylist_id in (select id from stylists where salon_id = a.salon_id and bookable_online)
        and not exists (select from appointment_services l join services v on v.id = l.service_id
                        where l.appointment_id = a.id and not v.bookable_online) as offered
    from appointments a join salons s on s.id = a.salon_id join users u on u.id = s.owner_id
    where u.email = ${ownerEmail} and a.status = 'booked' and a.client_id is not null and a.start_at > now()
    order by a.start_at, a.id`;
  // Every third upcoming booking the page could have taken came from it, every fourth of the others from a call.
  const online = upcoming.filter((row) => row.offered).filter((_, index) => index % 3 === 0).map((row) => row.id);
  const voice = upcoming.filter((row) => !online.includes(row.id)).filter((_, index) => index % 4 === 1).map((row) => row.id);
  if (online.length) await tx`update appointments set source = 'online' where id = any(${online}::uuid[])`;
  if (voice.length) await tx`update appointments set source = 'voice' where id = any(${voice}::uuid[])`;
}
