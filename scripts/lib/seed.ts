import postgres, { type TransactionSql } from "postgres";
import { DEFAULT_GREETINGS, DEFAULT_INSTRUCTIONS } from "../../contract/assistant-instructions.ts";
import { DEFAULT_VAD_SETTINGS } from "../../contract/assistants.ts";
import { DEFAULT_WORKING_HOURS, type BusinessHours, type WorkingHours } from "../../contract/salon.ts";
import { DAY_MS, wallTime, zonedInstant } from "../../contract/time-zone.ts";
import { hashPassword } from "../../worker/accounts/password.ts";
import { freeSlots, type Busy, type StylistSchedule } from "../../worker/appointments/availability/free-slots.ts";
import { seedCalls, summariseCalls } from "./demo-calls.ts";

/** The demo salon owner's sign-in, printed at start-up (local only). */
export const DEMO_LOGIN = { email: "owner@demo-salon.test", password: "Demo-Salon-2026!" };

const WELCOME_TEXT = `Welcome! This mailbox shows every mail the product sends while it runs on this machine:
waitlist notifications, contact messages, verification and password-reset links you can click.
`;

/**
 * Demo data for the local default. Each step runs once, recorded by name, so a second start
 * leaves the data as the user left it and steps added later still run on an older database.
 */
const STEPS: { name: string; run: (tx: TransactionSql) => Promise<unknown> }[] = [
  {
    name: "mailbox-welcome",
    run: (tx) => tx`insert into mail_outbox (from_address, to_address, subject, text_body)
                    values ('Recepta <hello@example.com>', 'you@example.com', 'Your local mailbox', ${WELCOME_TEXT})`,
  },
  {
    name: "demo-owner",
    run: async (tx) => tx`insert into users (email, password_hash, email_verified_at, language)
                          values (${DEMO_LOGIN.email}, ${await hashPassword(DEMO_LOGIN.password)}, now(), 'en')
                          on conflict (email) do nothing`,
  },
  { name: "demo-salon", run: seedSalon },
  { name: "demo-appointments", run: seedAppointments },
  { name: "demo-assistant", run: seedAssistant },
  // The home page's call demo talks to the demo salon's assistant.
  {
    name: "demo-public-assistant",
    run: (tx) => tx`update assistant_configs set public_demo = true
                    where id = (select a.id from assistant_configs a join salons s on s.id = a.salon_id join users u on u.id = s.owner_id
                                where u.email = ${DEMO_LOGIN.email} order by a.created_at limit 1)`,
  },
  // A week of recorded calls with their conversations, for the Calls screen.
  { name: "demo-calls", run: (tx) => seedCalls(tx, DEMO_LOGIN.email) },
  { name: "demo-number-ownership", run: seedNumberOwnership },
  { name: "demo-clients", run: async (tx) => (await import("./demo-clients.ts")).seedClients(tx, DEMO_LOGIN.email) },
  { name: "demo-no-shows", run: async (tx) => (await import("./demo-clients.ts")).seedNoShows(tx, DEMO_LOGIN.email) },
  // Questions callers asked that the assistant could not answer, and the FAQ the owner wrote.
  { name: "demo-questions", run: async (tx) => (await import("./demo-questions.ts")).seedQuestions(tx, DEMO_LOGIN.email) },
  // What each demo call was about and which to get back to, also for calls seeded before summaries.
  { name: "demo-call-summaries", run: (tx) => summariseCalls(tx, DEMO_LOGIN.email) },
  // Confirmations and reminders sent to the demo's clients, in every state sending leaves them in.
  { name: "demo-messages", run: async (tx) => (await import("./demo-messages.ts")).seedMessages(tx, DEMO_LOGIN.email) },
  // The salon's online booking page, switched on, and upcoming bookings made on it and by the receptionist.
  { name: "demo-booking-page", run: async (tx) => (await import("./demo-booking.ts")).seedBookingPage(tx, DEMO_LOGIN.email) },
  { name: "demo-booking-sources", run: async (tx) => (await import("./demo-booking.ts")).seedBookingSources(tx, DEMO_LOGIN.email) },
  // Outreach switched on, offering freed times by text.
  { name: "demo-outreach-settings", run: async (tx) => (await import("./demo-outreach-settings.ts")).seedOutreachSettings(tx, DEMO_LOGIN.email) },
  // Calls the assistant placed to offer freed times: one a client took, one an answering machine heard.
  { name: "demo-outreach-calls", run: async (tx) => (await import("./demo-outreach-calls.ts")).seedOfferCalls(tx, DEMO_LOGIN.email) },
  // Clients on the waitlist, and yesterday's cancelled hour offered to them and filled.
  { name: "demo-outreach-waitlist", run: async (tx) => (await import("./demo-outreach-waitlist.ts")).seedWaitlist(tx, DEMO_LOGIN.email) },
  // A stylist's own Google calendar, linked and read: its busy times keep him free of bookings.
  { name: "demo-outside-calendar", run: async (tx) => (await import("./demo-calendars.ts")).seedOutsideCalendar(tx, DEMO_LOGIN.email) },
  // A private calendar feed for the whole salon and one for a stylist.
  { name: "demo-calendar-feeds", run: async (tx) => (await import("./demo-calendar-feeds.ts")).seedCalendarFeeds(tx, DEMO_LOGIN.email) },
  // An integration's keys: one revoked, one read key in use.
  { name: "demo-api-keys", run: async (tx) => (await import("./demo-api-keys.ts")).seedApiKeys(tx, DEMO_LOGIN.email) },
  // A paused webhook to the salon's CRM, with the log of what it was sent.
  { name: "demo-webhooks", run: async (tx) => (await import("./demo-webhooks.ts")).seedWebhooks(tx, DEMO_LOGIN.email) },
  // A manager and a stylist with their own logins, and an invitation still open.
  { name: "demo-team", run: async (tx) => (await import("./demo-team.ts")).seedTeam(tx, DEMO_LOGIN.email) },
];

const DEMO_HOURS: BusinessHours = {
  "0": { open: "09:00", close: "19:00" },
  "1": { open: "09:00", close: "19:00" },
  "2": { open: "09:00", close: "19:00" },
  "3": { open: "09:00", close: "20:00" },
  "4": { open: "09:00", close: "19:00" },
  "5": { open: "09:00", close: "14:00" },
  "6": null,
};

const SATURDAY_MORNINGS: WorkingHours = {
  ...DEFAULT_WORKING_HOURS,
  "0": null,
  "5": { working: true, morning_start: "09:00", morning_end: "14:00", afternoon_start: null, afternoon_end: null },
};

const DEMO_STYLISTS = [
  { first_name: "Jana", last_name: "Nováková", email: "jana@salon-bella.test", color: "#e11d48", hours: DEFAULT_WORKING_HOURS },
  { first_name: "Petra", last_name: "Svobodová", email: "petra@salon-bella.test", color: "#7c3aed", hours: SATURDAY_MORNINGS },
  { first_name: "Tomáš", last_name: "Dvořák", email: "tomas@salon-bella.test", color: "#0891b2", hours: DEFAULT_WORKING_HOURS },
];

/** Named as a Prague salon's price list names them, priced in crowns at Vinohrady's going rates. */
const DEMO_SERVICES = [
  { name: "Dámský střih", duration: 60, price: 890, min: 790, max: 1190, color: "#e11d48", description: "Mytí, střih a foukaná." },
  { name: "Pánský střih", duration: 30, price: 490, min: null, max: null, color: "#0891b2", description: "Střih a úprava." },
  { name: "Barvení", duration: 90, price: 1690, min: 1490, max: 2490, color: "#7c3aed", description: "Barva na celou délku; cena podle délky vlasů." },
  { name: "Balayage", duration: 150, price: 3290, min: 2890, max: 4290, color: "#d97706", description: "Ručně malovaný melír s tónováním." },
  { name: "Foukaná", duration: 30, price: 450, min: null, max: null, color: "#16a34a", description: "Mytí a foukaná." },
];

/** The demo owner's salon in Prague, pricing in crowns, with its team and price list. */
async function seedSalon(tx: TransactionSql) {
  const [salon] = await tx<{ id: string }[]>`
    insert into salons (owner_id, name, email, phone, website, address, city, postal_code, country, description,
                        transfer_phone_number, business_hours, time_zone, currency)
    select id, 'Salon Bella', 'hello@salon-bella.test', '+420 222 333 444', 'www.salon-bella.test', 'Vinohradská 12',
           'Praha', '120 00', 'Česko', 'Přátelské kadeřnictví na Vinohradech: střihy, barvení a balayage pro ženy i muže.',
           '+420 777 000 111', ${JSON.stringify(DEMO_HOURS)}::text::jsonb, 'Europe/Prague', 'CZK'
    from users u where email = ${DEMO_LOGIN.email} and not exists (select from salons s where s.owner_id = u.id)
    returning id`;
  if (!salon) return;
  for (const stylist of DEMO_STYLISTS) {
    await tx`insert into stylists (salon_id, first_name, last_name, email, working_hours, color)
             values (${salon.id}, ${stylist.first_name}, ${stylist.last_name}, ${stylist.email},
                     ${JSON.stringify(stylist.hours)}::text::jsonb, ${stylist.color})`;
  }
  for (const service of DEMO_SERVICES) {
    await tx`insert into services (salon_id, name, description, duration, price, min_price, max_price, color)
             values (${salon.id}, ${service.name}, ${service.description}, ${service.duration}, ${service.price},
                     ${service.min}, ${service.max}, ${service.color})`;
  }
}

const CUSTOMERS = [
  ["Petra Králová", "+420 603 111 222"], ["Lucie Černá", "+420 604 222 333"], ["Martin Novák", "+420 605 333 444"],
  ["Eva Horáková", "+420 606 444 555"], ["Tereza Veselá", "+420 607 555 666"], ["Jakub Procházka", "+420 608 666 777"],
  ["Kateřina Marková", "+420 721 777 888"], ["Anna Dvořáková", "+420 722 888 999"], ["Lenka Pokorná", "+420 723 999 000"],
  ["Ondřej Kučera", "+420 724 000 111"], ["Barbora Šťastná", "+420 725 121 212"], ["Michaela Benešová", "+420 726 232 323"],
] as const;

/**
 * Appointments from three days ago to a week ahead, so the calendar's current week is
 * never empty: times come from the availability module, so they respect business hours,
 * shifts, days off and each other, with gaps left open.
 */
async function seedAppointments(tx: TransactionSql) {
  const [salon] = await tx<{ id: string; time_zone: string; business_hours: BusinessHours }[]>`
    select s.id, s.time_zone, s.business_hours from salons s join users u on u.id = s.owner_id where u.email = ${DEMO_LOGIN.email}`;
  if (!salon) return;
  const stylists = await tx<(StylistSchedule & { name: string })[]>`
    select id, first_name || ' ' || last_name as name, working_hours, time_off from stylists where salon_id = ${salon.id} order by first_name`;
  const services = await tx<{ id: string; name: string; color: string; price: number; duration: number }[]>`
    select id, name, color, price::float8 as price, duration from services where salon_id = ${salon.id} order by name`;
  const today = wallTime(new Date(), salon.time_zone);
  let n = 0;
  // Customers take turns by appointment made, not by try: which tries find a free time depends
  // on the weekday the demo is seeded on, and every customer must have a visit (and so be a client).
  let booked = 0;
  for (let offset = -3; offset < 8; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day) + offset * DAY_MS);
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 0, minute: 0 };
    const from = zonedInstant(day, salon.time_zone);
    const to = new Date(from.getTime() + DAY_MS);
    for (const stylist of stylists) {
      const busy: Busy[] = [];
      // Four tries a day: each picks services, then a free time that fits them whole.
      for (let attempt = 0; attempt < 4; attempt++) {
        n++;
        const lines = [services[n % services.length]!, ...(n % 4 === 0 ? [services[(n + 2) % services.length]!] : [])];
        const duration = lines.reduce((sum, line) => sum + line.duration, 0);
        const slots = freeSlots({ timeZone: salon.time_zone, businessHours: salon.business_hours, stylists: [stylist], busy, from, to, duration });
        const slot = slots[(n * 7) % Math.max(slots.length, 1)];
        if (!slot) continue;
        busy.push({ stylist_id: stylist.id, start: slot.start - 15 * 60_000, end: slot.end + 15 * 60_000 });
        const [customer, phone] = CUSTOMERS[booked++ % CUSTOMERS.length]!;
        const [appointment] = await tx<{ id: string }[]>`
          insert into appointments (salon_id, stylist_id, stylist_name, customer_name, customer_phone, start_at, end_at)
          values (${salon.id}, ${stylist.id}, ${stylist.name}, ${customer}, ${phone}, ${new Date(slot.start)}, ${new Date(slot.end)})
          returning id`;
        for (const [position, line] of lines.entries()) {
          await tx`insert into appointment_services (appointment_id, salon_id, service_id, service_name, service_color,
                     price_at_booking, duration_at_booking, position)
                   values (${appointment!.id}, ${salon.id}, ${line.id}, ${line.name}, ${line.color}, ${line.price}, ${line.duration}, ${position})`;
        }
      }
    }
  }
}

/** The salon's receptionist, answering the salon's phone number; the public call demo uses it. */
async function seedAssistant(tx: TransactionSql) {
  const [salon] = await tx<{ id: string }[]>`
    select s.id from salons s join users u on u.id = s.owner_id where u.email = ${DEMO_LOGIN.email}`;
  if (!salon) return;
  const [assistant] = await tx<{ id: string }[]>`
    insert into assistant_configs (salon_id, name, voice_name, system_prompt, initial_greeting, vad_settings)
    values (${salon.id}, 'Bella front desk', 'coral', ${DEFAULT_INSTRUCTIONS.en}, ${DEFAULT_GREETINGS.en},
            ${JSON.stringify(DEFAULT_VAD_SETTINGS)}::text::jsonb)
    returning id`;
  await tx`insert into phone_numbers (salon_id, phone_number, phone_name, assistant_config_id)
           values (${salon.id}, '+420228881234', 'Salon line', ${assistant!.id})
           on conflict do nothing`;
}

/**
 * The salon line takes calls as the operator would have set it up; a stylist's mobile waits
 * for its verification call, so the Phone Numbers screen shows both kinds.
 */
async function seedNumberOwnership(tx: TransactionSql) {
  const [salon] = await tx<{ id: string }[]>`
    select s.id from salons s join users u on u.id = s.owner_id where u.email = ${DEMO_LOGIN.email}`;
  if (!salon) return;
  await tx`update phone_numbers set status = 'active', source = 'assigned', activated_at = now()
           where salon_id = ${salon.id} and phone_number = '+420228881234'
             and not exists (select from phone_numbers where phone_number = '+420228881234' and status = 'active')`;
  await tx`insert into phone_numbers (salon_id, phone_number, phone_name)
           values (${salon.id}, '+420777123456', 'Bella''s mobile') on conflict do nothing`;
}

export async function seedDemo(databaseUrl: string, log: (line: string) => void = () => {}) {
  const sql = postgres(databaseUrl, { onnotice: () => {}, max: 1 });
  try {
    await sql`create table if not exists local_seed (name text primary key, seeded_at timestamptz not null default now())`;
    for (const step of STEPS) {
      await sql.begin(async (tx) => {
        const [fresh] = await tx`insert into local_seed (name) values (${step.name}) on conflict do nothing returning name`;
        if (!fresh) return;
        await step.run(tx);
        log(`seeded ${step.name}`);
      });
    }
  } finally {
    await sql.end();
  }
}
