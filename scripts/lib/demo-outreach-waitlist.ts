import type { TransactionSql } from "postgres";
import type { WaitlistEntryBody, WaitlistSource } from "../../contract/outreach.ts";
import { addDays, dayOf, zonedInstant } from "../../contract/time-zone.ts";
import type { TenantScope } from "../../worker/data/tenant.ts";
import { createWaitlistEntry } from "../../worker/data/waitlist.ts";

/*
 * The demo salon's waitlist: clients waiting for a time, added in the dashboard, by the
 * receptionist on a call and on the booking page, and yesterday's cancelled hour with Jana,
 * offered by text to three of them and taken by the first to answer, so the Offers tab
 * shows a whole round.
 */

interface Wish {
  name: string;
  phone: string;
  services: string[];
  /** First name; none for anyone. */
  stylist?: string;
  weekdays: number[];
  hours: [string, string];
  /** Days from today the wish lasts. */
  days: number;
  note?: string;
  source: WaitlistSource;
}

const WAITING: Wish[] = [
  {
    name: "Lucie Černá",
    phone: "+420 604 222 333",
    services: ["Barvení"],
    stylist: "Petra",
    weekdays: [2, 4],
    hours: ["14:00", "19:00"],
    days: 21,
    note: "Chce stihnout barvu před svatbou sestry.",
    source: "dashboard",
  },
  { name: "Martin Novák", phone: "+420 605 333 444", services: ["Pánský střih"], weekdays: [1, 2, 3, 4, 5], hours: ["09:00", "12:00"], days: 14, source: "voice" },
  {
    name: "Simona Pešková",
    phone: "+420 731 456 789",
    services: ["Dámský střih", "Foukaná"],
    stylist: "Jana",
    weekdays: [5, 6],
    hours: ["09:00", "14:00"],
    days: 30,
    source: "online",
  },
  { name: "Eva Horáková", phone: "+420 606 444 555", services: ["Dámský střih"], weekdays: [1, 2, 3, 4, 5, 6], hours: ["09:00", "19:00"], days: 30, source: "dashboard" },
];

/** Who yesterday's freed hour was offered to, and what became of each offer. */
const BOOKED: Wish = { name: "Kateřina Marková", phone: "+420 721 777 888", services: ["Dámský střih"], stylist: "Jana", weekdays: [3, 4, 5], hours: ["13:00", "18:00"], days: 10, source: "dashboard" };

export async function seedWaitlist(tx: TransactionSql, ownerEmail: string): Promise<void> {
  const [salon] = await tx<{ id: string; owner_id: string; time_zone: string }[]>`
    select s.id, s.owner_id, s.time_zone from salons s join users u on u.id = s.owner_id where u.email = ${ownerEmail}`;
  if (!salon) return;
  // The seed runs as the database's owner in a transaction of its own; the data layer's functions take it as the salon's scope.
  const scope: TenantScope = { sql: tx, salonId: salon.id, userId: salon.owner_id };
  const services = await tx<{ id: string; name: string; duration: number }[]>`select id, name, duration from services where salon_id = ${salon.id}`;
  const stylists = await tx<{ id: string; first_name: string }[]>`select id, first_name from stylists where salon_id = ${salon.id}`;
  const today = dayOf(new Date(), salon.time_zone);

  const add = async (wish: Wish) => {
    const body: WaitlistEntryBody = {
      name: wish.name,
      phone: wish.phone,
      services: wish.services.map((name) => services.find((service) => service.name === name)!.id),
      stylist: stylists.find((stylist) => stylist.first_name === wish.stylist)?.id ?? null,
      weekdays: wish.weekdays as WaitlistEntryBody["weekdays"],
      from_time: wish.hours[0],
      until_time: wish.hours[1],
      from_date: today,
      until_date: addDays(today, wish.days),
      note: wish.note ?? null,
    };
    return createWaitlistEntry(scope, body, wish.source);
  };
  const booked = await add(BOOKED);
  const waiting = [];
  for (const wish of WAITING) waiting.push(await add(wish));
  // Joined over the past days, in the order listed: the list shows those waiting longest first.
  for (const [index, entry] of [booked, ...waiting].entries()) {
    await tx`update client_waitlist set created_at = now() - ${`${WAITING.length + 1 - index} days`}::interval where id = ${entry.id}`;
  }

  // Yesterday 15:00 with Jana, freed at 8:12 that morning by a cancellation; Kateřina said YES eight minutes later.
  const yesterday = addDays(today, -1);
  const at = (hour: number, minute: number) =>
    zonedInstant({ year: Number(yesterday.slice(0, 4)), month: Number(yesterday.slice(5, 7)), day: Number(yesterday.slice(8, 10)), hour, minute }, salon.time_zone);
  const jana = stylists.find((stylist) => stylist.first_name === "Jana")!.id;
  const start = at(15, 0);
  const end = at(16, 0);
  const [slot] = await tx<{ id: string }[]>`
    insert into outreach_slots (salon_id, stylist_id, start_at, end_at, trigger, status, next_step_at, created_at, closed_at)
    values (${salon.id}, ${jana}, ${start}, ${end}, 'cancelled', 'filled', ${at(8, 12)}, ${at(8, 12)}, ${at(8, 20)}) returning id`;
  const martin = waiting[1]!;
  const anna = await tx<{ client_id: string }[]>`select client_id from client_phones where salon_id = ${salon.id} and phone = '+420722888999'`;
  const offers = [
    { entry: booked.id, client: booked.client_id, name: booked.name, phone: booked.phone, status: "accepted", reason: null, answered: at(8, 20) },
    { entry: martin.id, client: martin.client_id, name: martin.name, phone: martin.phone, status: "taken", reason: null, answered: null },
    { entry: null, client: anna[0]?.client_id ?? null, name: "Anna Dvořáková", phone: "+420722888999", status: "skipped", reason: "opted_out", answered: null },
  ];
  for (const [index, offer] of offers.entries()) {
    // One round, sent a second apart in the order of the list.
    const sent = new Date(at(8, 12).getTime() + index * 1000);
    await tx`
      insert into outreach_attempts (salon_id, slot_id, entry_id, client_id, name, phone, language, channel, start_at, end_at,
        service_ids, status, reason, expires_at, created_at, answered_at)
      values (${salon.id}, ${slot!.id}, ${offer.entry}, ${offer.client}, ${offer.name}, ${offer.phone}, 'cs', 'sms', ${start}, ${end},
        ${JSON.stringify(booked.services.map((service) => service.id))}::text::jsonb, ${offer.status}, ${offer.reason}, ${at(8, 42)}, ${sent}, ${offer.answered})`;
  }
  await tx`update client_waitlist set status = 'booked', updated_at = ${at(8, 20)} where id = ${booked.id}`;
}
