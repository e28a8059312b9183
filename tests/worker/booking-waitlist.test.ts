import { afterAll, describe, expect, it } from "vitest";
import { BOOKING_DEFAULTS } from "../../contract/booking-page.ts";
import { OUTREACH_DEFAULTS } from "../../contract/outreach.ts";
import { addDays, dayOf } from "../../contract/time-zone.ts";
import { sql } from "./auth-helpers.ts";
import { ACCOUNT, dayAhead, mobile, request, smsTo, texting, twilioPost } from "./messaging-helpers.ts";

afterAll(() => sql.end());

const SHIFT = { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "18:00" };
const EVERY_DAY = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [day, SHIFT]));
const today = () => dayOf(new Date(), "Europe/Prague");
const freshAddress = () => `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;

/** A texting salon whose page is on, its stylist working every day; its outreach as asked. */
async function pageSalon({ outreach }: { outreach: boolean }) {
  const salon = await texting();
  await sql`update stylists set working_hours = ${sql.json(EVERY_DAY)} where id = ${salon.stylist}`;
  const slug = `salon-${crypto.randomUUID().slice(0, 8)}`;
  const page = await salon.owner.call("/api/dashboard/booking-page", { method: "PUT", body: { ...BOOKING_DEFAULTS, enabled: true, slug } });
  if (page.status !== 200) throw new Error(`page: ${page.text}`);
  const setOutreach = async (enabled: boolean) => {
    const saved = await salon.owner.call("/api/dashboard/outreach/settings", { method: "PUT", body: { ...OUTREACH_DEFAULTS, enabled } });
    if (saved.status !== 200) throw new Error(`outreach: ${saved.text}`);
  };
  await setOutreach(outreach);
  /** A visitor's request to the page in a language, from an address of its own unless one is given. */
  const visit = (path: string, { body, language = "en", address = freshAddress() }: { body?: unknown; language?: string; address?: string } = {}) =>
    request(`/api/book/${slug}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "accept-language": language, "cf-connecting-ip": address, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const wish = (changes: Record<string, unknown> = {}) => ({
    services: [salon.service],
    stylist: salon.stylist,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    from_time: "09:00",
    until_time: "12:00",
    until_date: addDays(today(), 14),
    name: "Eva Malá",
    phone: "777 100 200",
    note: "Any morning",
    ...changes,
  });
  const entries = () =>
    sql<{ name: string; phone: string; language: string; source: string; status: string; from_date: string; until_date: string; stylist_id: string | null; client_id: string | null }[]>`
      select name, phone, language, source, status, from_date::text, until_date::text, stylist_id, client_id
      from client_waitlist where salon_id = ${salon.salonId} order by created_at`;
  return { ...salon, slug, setOutreach, visit, wish, entries };
}

describe("joining a salon's waitlist from its booking page", () => {
  it("puts a visitor whom no time suits on the waitlist, offers them a freed time by text in their language, and books it on YES", async () => {
    const salon = await pageSalon({ outreach: true });
    const view = await salon.visit("");
    expect(view.json.waitlist).toBe(true);

    const phone = mobile();
    const joined = await salon.visit("/waitlist", { body: salon.wish({ phone: phone.replace("+420", "") }), language: "cs" });
    expect(joined.status).toBe(201);
    expect(joined.json).toEqual({
      services: ["Haircut"],
      stylist_name: "Jana Nováková",
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      from_time: "09:00",
      until_time: "12:00",
      until_date: addDays(today(), 14),
      phone,
    });
    // The dashboard's own entry: from today, marked as from the page, offers in the page's language, a client of the number made.
    const [entry] = await salon.entries();
    expect(entry).toMatchObject({ name: "Eva Malá", phone, language: "cs", source: "online", status: "waiting", from_date: today(), stylist_id: salon.stylist });
    const [client] = await sql<{ source: string }[]>`select source from clients where id = ${entry!.client_id}`;
    expect(client!.source).toBe("online");
    const listed = await salon.owner.call("/api/dashboard/waitlist");
    expect(listed.json).toEqual([expect.objectContaining({ name: "Eva Malá", phone, source: "online", services: [{ id: salon.service, name: "Haircut" }] })]);

    // A morning with Jana comes free: the visitor is offered it in Czech and takes it.
    const start = dayAhead(2);
    const id = await salon.book(start);
    const cancelled = await request(`/api/dashboard/appointments/${id}`, { method: "DELETE", headers: salon.owner.headers });
    expect(cancelled.status).toBe(204);
    const [offer] = await smsTo(phone);
    expect(offer!.body).toMatch(/^Salon Jana: Uvolnil se termín – .+ v 10:00, Jana Nováková \(Haircut\)\. Chcete ho\? Odpovězte ANO/);
    await twilioPost("/api/telephony/twilio/messaging", {
      AccountSid: ACCOUNT,
      MessageSid: "SM" + crypto.randomUUID().replaceAll("-", ""),
      From: phone,
      To: salon.number,
      Body: "ano",
    });
    const booked = await sql<{ source: string; start_at: Date }[]>`
      select source, start_at from appointments where salon_id = ${salon.salonId} and status = 'booked' and customer_phone = ${phone}`;
    expect(booked).toEqual([{ source: "outreach", start_at: start }]);
    expect((await salon.entries())[0]!.status).toBe("booked");
  });

  it("refuses in the visitor's language what it cannot take, and writes nothing then", async () => {
    const salon = await pageSalon({ outreach: false });
    expect((await salon.visit("")).json.waitlist).toBe(false);
    const closed = await salon.visit("/waitlist", { body: salon.wish(), language: "de" });
    expect(closed.status).toBe(409);
    expect(closed.json).toMatchObject({ code: "waitlist_closed", detail: "Dieser Salon führt zurzeit keine Warteliste. Bitte rufen Sie den Salon an: +420 222 333 444." });
    await salon.setOutreach(true);

    const refusals: [Record<string, unknown>, number, Record<string, unknown>][] = [
      // A script fills the field people never see.
      [{ website: "https://spam.example" }, 422, { code: "refused" }],
      [{ phone: "12" }, 422, { fields: { phone: "Please enter a phone number we can reach you on." } }],
      [{ until_time: "08:00" }, 422, { fields: { until_time: expect.any(String) } }],
      [{ weekdays: [] }, 422, { fields: { weekdays: expect.any(String) } }],
      [{ until_date: addDays(today(), 61) }, 422, { fields: { until_date: "Choose a last day within the next 60 days." } }],
      [{ until_date: addDays(today(), -1) }, 422, { fields: { until_date: "Choose a last day within the next 60 days." } }],
      [{ services: [crypto.randomUUID()] }, 422, { code: "not_offered" }],
      [{ stylist: crypto.randomUUID() }, 422, { code: "not_offered" }],
    ];
    for (const [changes, status, body] of refusals) {
      const refused = await salon.visit("/waitlist", { body: salon.wish(changes) });
      expect({ changes, status: refused.status }).toEqual({ changes, status });
      expect(refused.json).toMatchObject(body);
    }
    expect(await salon.entries()).toEqual([]);

    // A number may wait for three times at once; the fourth is refused with the salon's number, and counts no try.
    for (const from_time of ["09:00", "10:00", "11:00"]) {
      expect((await salon.visit("/waitlist", { body: salon.wish({ from_time, until_time: "13:00" }) })).status).toBe(201);
    }
    const fourth = await salon.visit("/waitlist", { body: salon.wish({ from_time: "14:00", until_time: "18:00" }), language: "cs" });
    expect(fourth.status).toBe(409);
    expect(fourth.json).toMatchObject({ code: "waiting_limit", detail: expect.stringMatching(/^Toto číslo už je na čekací listině salonu 3krát\. .*\+420 222 333 444/) });
    expect(await salon.entries()).toHaveLength(3);

    // The page switched off takes no one.
    await salon.owner.call("/api/dashboard/booking-page", { method: "PUT", body: { ...BOOKING_DEFAULTS, enabled: false, slug: salon.slug } });
    const off = await salon.visit("/waitlist", { body: salon.wish({ phone: "777 300 400" }) });
    expect(off.status).toBe(409);
    expect(off.json.code).toBe("booking_closed");
  });

  it("lets one address join only a few times an hour", async () => {
    const salon = await pageSalon({ outreach: true });
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await salon.visit("/waitlist", { body: salon.wish({ phone: mobile() }), address })).status);
    expect(answers).toEqual([...Array<number>(10).fill(201), 429]);
    expect(await salon.entries()).toHaveLength(10);
  });
});
