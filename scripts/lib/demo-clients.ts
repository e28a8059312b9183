import type { TransactionSql } from "postgres";
import { linkAppointment, updateClient } from "../../worker/data/clients.ts";
import type { TenantScope } from "../../worker/data/tenant.ts";

/*
 * The demo salon's clients, made from its seeded appointments the way bookings make them
 * (by their phone numbers, which also links the calls from those numbers), and a few of them
 * given what an owner would note down: a remark, a favourite stylist, consent to news.
 */

/** Notes for clients by number, and the stylist (by first name) they like best. */
const REMARKS: { phone: string; notes: string; stylist?: string; consent?: boolean }[] = [
  { phone: "+420603111222", notes: "Citlivá pokožka hlavy: před barvením vždy test snášenlivosti.", stylist: "Jana", consent: true },
  { phone: "+420604222333", notes: "Nejraději sobotní dopoledne; další termín si obvykle domlouvá rovnou při odchodu.", stylist: "Tomáš" },
  { phone: "+420606444555", notes: "Chodí s dcerou, počítat s časem navíc.", consent: true },
  { phone: "+420722888999", notes: "Má ráda klidný termín a espresso.", stylist: "Petra" },
];

export async function seedClients(tx: TransactionSql, ownerEmail: string): Promise<void> {
  const [salon] = await tx<{ id: string; owner_id: string }[]>`
    select s.id, s.owner_id from salons s join users u on u.id = s.owner_id where u.email = ${ownerEmail}`;
  if (!salon) return;
  // The seed runs as the database's owner in a transaction of its own; the data layer's
  // functions take it as the salon's scope.
  const scope: TenantScope = { sql: tx, salonId: salon.id, userId: salon.owner_id };
  const appointments = await tx<{ id: string; customer_name: string | null; customer_phone: string | null }[]>`
    select id, customer_name, customer_phone from appointments where salon_id = ${salon.id} order by start_at, id`;
  for (const appointment of appointments) {
    await linkAppointment(scope, appointment.id, { name: appointment.customer_name, phone: appointment.customer_phone, source: "dashboard" });
  }
  const stylists = await tx<{ id: string; first_name: string }[]>`select id, first_name from stylists where salon_id = ${salon.id}`;
  for (const remark of REMARKS) {
    const [client] = await tx<{ client_id: string }[]>`select client_id from client_phones where salon_id = ${salon.id} and phone = ${remark.phone}`;
    if (!client) continue;
    await updateClient(scope, client.client_id, {
      notes: remark.notes,
      preferred_stylist_id: stylists.find((stylist) => stylist.first_name === remark.stylist)?.id ?? null,
      marketing_consent: remark.consent ?? false,
    });
  }
}

/**
 * Two of the demo's past appointments, of two clients, the clients did not come to: the
 * calendar, the client's page and the list show no-shows from the start.
 */
export async function seedNoShows(tx: TransactionSql, ownerEmail: string): Promise<void> {
  await tx`
    update appointments set no_show_at = end_at
    where id in (
      select id from (
        select distinct on (a.client_id) a.id from appointments a join salons s on s.id = a.salon_id join users u on u.id = s.owner_id
        where u.email = ${ownerEmail} and a.status = 'booked' and a.client_id is not null and a.end_at < now()
        order by a.client_id, a.start_at
      ) first_visits
      order by id limit 2
    )`;
}
