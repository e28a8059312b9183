import type { InferRequestType } from "hono/client";
import { afterAll, describe, expect, it } from "vitest";
import { BOOKING_DEFAULTS, type BookingSettingsInput } from "../../contract/booking-page.ts";
import { addDays, dayOf, wallTime, zonedInstant } from "../../contract/time-zone.ts";
import { sql } from "./auth-helpers.ts";
import { client, ok, refused, type Json } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

const PRAGUE = "Europe/Prague";
const HOUR = 3_600_000;
const today = () => dayOf(new Date(), PRAGUE);

/** The instant of a Prague wall-clock time. */
function at(date: string, time: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return zonedInstant({ year, month, day, hour, minute }, PRAGUE).toISOString();
}
const clock = (instant: string) => {
  const wall = wallTime(new Date(instant), PRAGUE);
  return `${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
};

const shift = { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "17:00" };
const EVERY_DAY = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [day, shift]));
/** A fresh address for a page: slugs are unique across every salon of the test database. */
const freshSlug = () => `salon-${crypto.randomUUID().slice(0, 8)}`;

/** A Prague salon with two stylists working 09-13 and 14-17 every day, a haircut (45 min) and a colour (60 min), its page on. */
async function salon(settings: Partial<BookingSettingsInput> = {}) {
  const owner = await signedInOwner({ "x-time-zone": PRAGUE });
  const current = await ok(owner.api.dashboard.salon.$get());
  await ok(
    owner.api.dashboard.salon.$put({
      json: { ...current, name: "Salon Bella", address: "Dlouhá 12", postal_code: "110 00", city: "Praha", phone: "+420 777 123 456", currency: "CZK" },
    }),
  );
  const stylist = async (first_name: string) =>
    (await ok(owner.api.dashboard.stylists.$post({ json: { first_name, last_name: "Nováková", email: null, phone: null, working_hours: EVERY_DAY } }), 201)).id;
  const jana = await stylist("Jana");
  const petra = await stylist("Petra");
  const service = async (name: string, duration: number, price: number) =>
    (await ok(owner.api.dashboard.services.$post({ json: { name, duration, price, description: null, min_price: null, max_price: null } }), 201)).id;
  const cut = await service("Haircut", 45, 450);
  const colour = await service("Colour", 60, 900);
  const slug = freshSlug();
  await ok(owner.api.dashboard["booking-page"].$put({ json: { ...BOOKING_DEFAULTS, enabled: true, slug, ...settings } }));
  const [row] = await sql<{ salon_id: string }[]>`select salon_id from stylists where id = ${jana}`;
  return { owner, jana, petra, cut, colour, slug, salonId: row!.salon_id };
}

/** A salon's public booking page, asked in the language of `headers`. */
const bookingPage = (headers: Record<string, string> = {}) => client(headers).book[":slug"];
type TimesQuery = InferRequestType<ReturnType<typeof bookingPage>["times"]["$get"]>["query"];
/** Asks for the free times a visitor is offered. */
const askTimes = (slug: string, query: TimesQuery, headers: Record<string, string> = {}) => bookingPage(headers).times.$get({ param: { slug }, query });
const times = (slug: string, query: TimesQuery) => ok(askTimes(slug, query));
type Booking = ReturnType<typeof visitorBooking>;
const book = (slug: string, json: Booking, headers: Record<string, string> = {}) => bookingPage(headers).bookings.$post({ param: { slug }, json });
const visitorBooking = (services: string[], start: string, extra: Json = {}) => ({
  services,
  stylist: null,
  start_datetime: start,
  name: "Eva Malá",
  phone: "603 444 555",
  email: "Eva.Mala@example.com",
  note: "First visit",
  ...extra,
});

describe("the owner's booking page settings", () => {
  it("starts off without an address, refuses a bad or taken address at its field, and keeps what is offered", async () => {
    const owner = await signedInOwner({ "x-time-zone": PRAGUE });
    const settings = owner.api.dashboard["booking-page"];
    expect(await ok(settings.$get())).toEqual(BOOKING_DEFAULTS);

    const off = await refused(settings.$put({ json: { ...BOOKING_DEFAULTS, enabled: true } }), 422);
    expect(off.fields).toEqual({ slug: "Choose the page's address before switching it on." });
    const bad = await refused(settings.$put({ json: { ...BOOKING_DEFAULTS, slug: "Salon Bella!" } }, { headers: { "accept-language": "cs" } }), 422);
    expect(bad.fields).toEqual({ slug: "Použijte 3 až 40 malých písmen, číslic a pomlček, např. salon-bella." });

    const { slug, jana, cut } = await salon();
    const taken = await refused(settings.$put({ json: { ...BOOKING_DEFAULTS, slug: ` ${slug.toUpperCase()} ` } }, { headers: { "accept-language": "de" } }), 409);
    expect(taken).toMatchObject({ code: "slug_taken", fields: { slug: "Diese Adresse verwendet schon ein anderer Salon. Bitte wählen Sie eine andere." } });
    // Another salon's stylist or service named as offline changes nothing of that salon.
    const mine = freshSlug();
    const saved = await ok(settings.$put({ json: { ...BOOKING_DEFAULTS, enabled: true, slug: mine.toUpperCase(), slot_step: 30, offline_services: [cut], offline_stylists: [jana] } }));
    expect(saved).toEqual({ ...BOOKING_DEFAULTS, enabled: true, slug: mine, slot_step: 30 });
    const [theirs] = await sql`select bookable_online from services where id = ${cut}`;
    expect(theirs!.bookable_online).toBe(true);
  });
});

describe("a salon's online booking page", () => {
  it("shows the salon and what it offers, a polite closed page when off, and 404 for an unknown address", async () => {
    const { owner, slug, cut, colour, jana, petra } = await salon({});
    const pageSettings = owner.api.dashboard["booking-page"];
    const settings = await ok(pageSettings.$get());
    await ok(pageSettings.$put({ json: { ...settings, offline_services: [colour], offline_stylists: [petra] } }));

    expect(await ok(bookingPage().$get({ param: { slug } }))).toMatchObject({
      slug,
      open: true,
      salon: {
        name: "Salon Bella",
        address: "Dlouhá 12, 110 00 Praha",
        phone: "+420 777 123 456",
        map_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("Salon Bella, Dlouhá 12, 110 00 Praha")}`,
        time_zone: PRAGUE,
        currency: "CZK",
      },
      services: [{ id: cut, name: "Haircut", duration: 45, price: 450, min_price: null, max_price: null, description: null }],
      stylists: [{ id: jana, name: "Jana Nováková" }],
      min_notice_minutes: 120,
      horizon_days: 60,
      slot_step: 15,
      first_day: today(),
      last_day: addDays(today(), 60),
    });

    await ok(pageSettings.$put({ json: { ...settings, enabled: false } }));
    const closed = await ok(bookingPage().$get({ param: { slug } }));
    expect(closed).toMatchObject({ open: false, salon: { name: "Salon Bella", phone: "+420 777 123 456" }, services: [], stylists: [] });
    expect(await refused(askTimes(slug, { services: cut, from: today(), days: "7" }, { "accept-language": "de" }), 409)).toEqual({
      detail: "Dieser Salon nimmt zurzeit keine Online-Buchungen an. Bitte rufen Sie den Salon an: +420 777 123 456.",
      code: "booking_closed",
    });

    const nowhere = `no-such-salon-${crypto.randomUUID().slice(0, 6)}`;
    expect(await refused(bookingPage({ "accept-language": "cs" }).$get({ param: { slug: nowhere } }), 404)).toEqual({
      detail: "Na této adrese žádná rezervační stránka není. Zkontrolujte prosím odkaz, který vám salon poslal.",
      code: "booking_page_not_found",
    });
  });

  it("offers free times for the services' summed length, on the page's grid, after the notice and within the horizon", async () => {
    const { owner, slug, cut, colour, jana, petra } = await salon({ slot_step: 30, horizon_days: 7 });
    const day = addDays(today(), 3);
    // Jana is busy 09:00-10:00 that day; Petra is free.
    await owner.call("/api/dashboard/appointments", {
      body: { customer_name: "Old client", stylist: jana, start_datetime: at(day, "09:00"), end_datetime: at(day, "10:00"), services: [] },
    });

    const both = await times(slug, { services: `${cut},${colour}`, stylist: jana, from: day, days: "1" });
    // 105 minutes: the morning fits 10:00-11:00 starts (ending by 13:00 on the 30-minute grid), the afternoon 14:00-15:00.
    expect(both.days[0]!.times.map(clock)).toEqual(["10:00", "10:30", "11:00", "14:00", "14:30", "15:00"]);
    const anyone = await times(slug, { services: `${cut},${colour}`, from: day, days: "1" });
    expect(anyone.days[0]!.times.map(clock)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "14:00", "14:30", "15:00"]);
    const onlyPetra = await times(slug, { services: cut, stylist: petra, from: day, days: "1" });
    expect(onlyPetra.days[0]!.times.map(clock)[0]).toBe("09:00");

    // The horizon: a week from today is the last day; asking from there gives that one day and no next.
    const week = await times(slug, { services: cut, from: addDays(today(), 5), days: "7" });
    expect(week.days.map((d) => d.date)).toEqual([addDays(today(), 5), addDays(today(), 6), addDays(today(), 7)]);
    expect(week.next).toBeNull();
    const first = await times(slug, { services: cut, from: today(), days: "2" });
    expect(first.next).toBe(addDays(today(), 2));
    // The notice: nothing sooner than two hours from now.
    for (const instant of first.days.flatMap((d) => d.times)) {
      expect(Date.parse(instant)).toBeGreaterThanOrEqual(Date.now() + 2 * HOUR - 60_000);
    }

    const settings = owner.api.dashboard["booking-page"];
    await ok(settings.$put({ json: { ...(await ok(settings.$get())), offline_stylists: [petra] } }));
    const hidden = await refused(askTimes(slug, { services: cut, stylist: petra, from: day, days: "7" }), 422);
    expect(hidden.code).toBe("not_offered");
    const noneLeft = await times(slug, { services: `${cut},${colour}`, from: day, days: "1" });
    expect(noneLeft.days[0]!.times.map(clock)).not.toContain("09:00");
  });

  it("books through the same storage as the dashboard: source online, the client found or made, confirmations written, the visit's link", async () => {
    const { slug, cut, colour, salonId } = await salon();
    const day = addDays(today(), 4);
    const booked = await ok(book(slug, visitorBooking([colour, cut], at(day, "14:00")), { "accept-language": "cs" }), 201);
    expect(booked).toMatchObject({
      start_datetime: at(day, "14:00"),
      end_datetime: at(day, "15:45"),
      time_zone: PRAGUE,
      services: ["Colour", "Haircut"],
      stylist_name: "Jana Nováková",
    });
    const [row] = await sql`
      select a.id, a.source, a.customer_phone, a.notes, c.email, c.source as client_source, c.language,
        (select json_agg(service_name order by position) from appointment_services where appointment_id = a.id) as lines,
        (select count(*)::int from client_messages where appointment_id = a.id) as messages
      from appointments a join clients c on c.id = a.client_id where a.salon_id = ${salonId}`;
    expect(row).toMatchObject({
      source: "online",
      customer_phone: "+420603444555",
      notes: "First visit",
      email: "eva.mala@example.com",
      client_source: "online",
      language: "cs",
      lines: ["Colour", "Haircut"],
      messages: 2,
    });
    // The confirmation's link opens the visit.
    const visit = await ok(client().visit[":token"].$get({ param: { token: booked.visit_token! } }));
    expect(visit.appointment).toMatchObject({ services: [{ name: "Colour" }, { name: "Haircut" }] });

    // The dashboard sees where it came from.
    const listed = await sql`select source from appointments where id = ${row!.id}`;
    expect(listed[0]!.source).toBe("online");
  });

  it("lets exactly one of two visitors take one stylist's time; with anyone, the second gets the other stylist, the third none", async () => {
    const { slug, cut, jana } = await salon();
    const day = addDays(today(), 5);
    const start = at(day, "10:00");
    const one = await Promise.all(
      ["603 100 001", "603 100 002"].map((phone) => book(slug, visitorBooking([cut], start, { stylist: jana, phone }))),
    );
    expect(one.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = one.find((r) => r.status === 409)!;
    expect(await loser.json()).toEqual({ detail: "Someone has just booked that time. Please choose another.", code: "taken" });

    const later = at(day, "11:00");
    const anyone = await Promise.all(["603 100 003", "603 100 004"].map((phone) => ok(book(slug, visitorBooking([cut], later, { phone })), 201)));
    expect(new Set(anyone.map((r) => r.stylist_name))).toEqual(new Set(["Jana Nováková", "Petra Nováková"]));
    expect((await refused(book(slug, visitorBooking([cut], later, { phone: "603 100 005" })), 409)).code).toBe("taken");
    const [count] = await sql`select count(*)::int as n from appointments a join booking_pages b on b.salon_id = a.salon_id where b.slug = ${slug}`;
    expect(count!.n).toBe(3);
  });

  it("refuses times sooner than the notice or beyond the horizon, a hidden field filled, a bad number, and too many pending bookings", async () => {
    const { slug, cut, salonId } = await salon({ min_notice_minutes: 1440, horizon_days: 14 });
    const soon = new Date(Date.now() + 3 * HOUR);
    soon.setUTCMinutes(0, 0, 0);
    expect(await refused(book(slug, visitorBooking([cut], soon.toISOString()), { "accept-language": "de" }), 422)).toEqual({
      detail: "Diese Zeit ist zu kurzfristig für eine Online-Buchung. Bitte wählen Sie eine spätere.",
      code: "too_soon",
    });
    expect((await refused(book(slug, visitorBooking([cut], at(addDays(today(), 15), "10:00"))), 422)).code).toBe("too_far");
    expect((await refused(book(slug, visitorBooking([cut], at(addDays(today(), 3), "10:05"))), 422)).code).toBe("unbookable");

    await refused(book(slug, visitorBooking([cut], at(addDays(today(), 3), "10:00"), { website: "https://spam.example" })), 422);
    const badPhone = await refused(book(slug, visitorBooking([cut], at(addDays(today(), 3), "10:00"), { phone: "12" })), 422);
    expect(badPhone.fields).toEqual({ phone: "Please enter a phone number we can reach you on." });
    const [none] = await sql`select count(*)::int as n from appointments where salon_id = ${salonId}`;
    expect(none!.n).toBe(0);

    for (const time of ["09:00", "10:00", "11:00"]) {
      await ok(book(slug, visitorBooking([cut], at(addDays(today(), 3), time))), 201);
    }
    expect(await refused(book(slug, visitorBooking([cut], at(addDays(today(), 3), "14:00"))), 409)).toEqual({
      detail: "This number already has 3 upcoming online bookings here. Please call the salon: +420 777 123 456.",
      code: "pending_limit",
    });
  });
});
