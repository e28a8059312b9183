import { afterAll, describe, expect, it } from "vitest";
import { OUTREACH_LIMITS, type WaitlistEntryBody, type WaitlistStatus } from "../../contract/outreach.ts";
import { sql } from "./auth-helpers.ts";
import { clients, czechSalon, type Owner } from "./client-helpers.ts";
import { ok } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

/** A wish as the dashboard's form sends one: weekday mornings of December. */
const wish = (services: string[], changes: Record<string, unknown> = {}) => ({
  name: "Lucie Malá",
  phone: "777 123 456",
  services,
  stylist: null,
  weekdays: [5, 1, 2] satisfies WaitlistEntryBody["weekdays"],
  from_time: "09:00",
  until_time: "12:00",
  from_date: "2027-12-01",
  until_date: "2027-12-31",
  note: "Would take any morning",
  ...changes,
});

const waiting = (owner: Owner, status: WaitlistStatus = "waiting") => ok(owner.api.dashboard.waitlist.$get({ query: { status } }));

async function add(owner: Owner, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return owner.call("/api/dashboard/waitlist", { body, headers });
}

describe("the salon's waitlist", () => {
  it("adds a client with the number read in the salon's country, their record, the services' minutes and the stylist's name", async () => {
    const { owner, stylist, service } = await czechSalon();
    const colour = (await owner.call("/api/dashboard/services", { body: { name: "Colour", duration: 90, price: 50 } })).json.id as string;

    const created = await add(owner, wish([colour, service], { stylist }));
    expect(created.status).toBe(201);
    const [client] = await clients(owner);
    expect(client).toMatchObject({ name: "Lucie Malá", phones: ["+420777123456"], source: "dashboard" });
    const expected = {
      id: created.json.id,
      client_id: client!.id,
      phone: "+420777123456",
      // Neither the client nor the owner chose a language: the owner's account speaks English.
      language: "en",
      services: [
        { id: colour, name: "Colour" },
        { id: service, name: "Haircut" },
      ],
      duration: 135,
      stylist,
      stylist_name: "Jana Nováková",
      weekdays: [1, 2, 5],
      from_time: "09:00",
      until_time: "12:00",
      from_date: "2027-12-01",
      until_date: "2027-12-31",
      source: "dashboard",
      status: "waiting",
      offers: 0,
      last_offer_at: null,
    };
    expect(created.json).toMatchObject(expected);
    expect(await waiting(owner)).toEqual([expect.objectContaining(expected)]);
  });

  it("finds the client the number already belongs to and writes offers in that client's language", async () => {
    const { owner, service, book } = await czechSalon();
    await book({ customer_name: "Petra Králová", customer_phone: "+420 603 111 222" });
    const [petra] = await clients(owner);
    await owner.call(`/api/dashboard/clients/${petra!.id}`, { method: "PUT", body: { language: "cs" } });

    const created = await add(owner, wish([service], { name: "Petra K.", phone: "603111222" }));
    expect(created.json).toMatchObject({ client_id: petra!.id, name: "Petra K.", language: "cs" });
    expect(await clients(owner)).toHaveLength(1);
  });

  it("lists those waiting in the order they joined, and each status apart", async () => {
    const { owner, service } = await czechSalon();
    const ids: string[] = [];
    for (const name of ["First", "Second", "Third"]) ids.push((await add(owner, wish([service], { name, phone: `77712345${ids.length}` }))).json.id as string);
    expect((await owner.call(`/api/dashboard/waitlist/${ids[1]}`, { method: "DELETE" })).status).toBe(204);

    expect((await waiting(owner)).map((entry) => entry.name)).toEqual(["First", "Third"]);
    expect((await waiting(owner, "removed")).map((entry) => entry.name)).toEqual(["Second"]);
    expect(await waiting(owner, "booked")).toEqual([]);
  });

  it("counts the offers made from an entry and tells the last one's time", async () => {
    const { owner, service, stylist, salonId } = await czechSalon();
    const entry = await ok(owner.api.dashboard.waitlist.$post({ json: wish([service]) }), 201);
    const [slot] = await sql<{ id: string }[]>`
      insert into outreach_slots (salon_id, stylist_id, start_at, end_at, trigger, status)
      values (${salonId}, ${stylist}, '2027-12-03T09:00:00Z', '2027-12-03T10:00:00Z', 'cancelled', 'open') returning id`;
    for (const [channel, at] of [["sms", "2027-12-01T08:00:00Z"], ["call", "2027-12-01T08:30:00Z"]] as const) {
      await sql`
        insert into outreach_attempts (salon_id, slot_id, entry_id, client_id, name, phone, language, channel, start_at, end_at, expires_at, created_at)
        values (${salonId}, ${slot!.id}, ${entry.id}, ${entry.client_id}, ${entry.name}, ${entry.phone}, 'cs', ${channel},
          '2027-12-03T09:00:00Z', '2027-12-03T10:00:00Z', '2027-12-01T09:00:00Z', ${at})`;
    }
    const [listed] = await waiting(owner);
    expect(listed).toMatchObject({ offers: 2 });
    expect(new Date(listed!.last_offer_at!).toISOString()).toBe("2027-12-01T08:30:00.000Z");
  });

  it("changes a waiting client's wish, and keeps a removed one as it ended", async () => {
    const { owner, service, stylist } = await czechSalon();
    const id = (await add(owner, wish([service], { stylist }))).json.id as string;

    const changed = await owner.call(`/api/dashboard/waitlist/${id}`, {
      method: "PUT",
      body: wish([service], { name: "Lucie Malá-Nová", stylist: null, weekdays: [6], from_time: "13:00", until_time: "18:00", note: "" }),
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ name: "Lucie Malá-Nová", stylist: null, stylist_name: null, weekdays: [6], from_time: "13:00", note: null, source: "dashboard" });
    expect(await waiting(owner)).toEqual([expect.objectContaining({ id, name: "Lucie Malá-Nová", weekdays: [6] })]);

    await owner.call(`/api/dashboard/waitlist/${id}`, { method: "DELETE" });
    const again = await owner.call(`/api/dashboard/waitlist/${id}`, { method: "PUT", body: wish([service]), headers: { "accept-language": "de" } });
    expect(again.status).toBe(409);
    expect(again.json.detail).toMatch(/wartet nicht mehr/);
    expect((await owner.call(`/api/dashboard/waitlist/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(await waiting(owner, "removed")).toEqual([expect.objectContaining({ id, name: "Lucie Malá-Nová" })]);
  });
});

describe("what the waitlist refuses", () => {
  it("answers bad input with a 422 at the field, in the caller's language", async () => {
    const { owner, service } = await czechSalon();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [wish([service], { phone: "call me" }), "phone", /telefonní číslo/],
      [wish([service], { phone: "+420 0301234567" }), "phone", /telefonní číslo/],
      [wish([]), "services", /služ/],
      [wish([crypto.randomUUID()]), "services", /služ/],
      [wish([service], { stylist: crypto.randomUUID() }), "stylist", /stylist/i],
      [wish([service], { weekdays: [] }), "weekdays", /den/],
      [wish([service], { from_time: "14:00", until_time: "10:00" }), "until_time", /./],
      [wish([service], { from_date: "2027-12-31", until_date: "2027-12-01" }), "until_date", /./],
      [wish([service], { from_date: "2027-01-01", until_date: "2027-07-01" }), "until_date", /nejvýše 180 dní/],
    ];
    for (const [body, field, words] of cases) {
      const response = await add(owner, body, { "accept-language": "cs" });
      expect(response.status, JSON.stringify(body)).toBe(422);
      const fields = response.json.fields as Record<string, string>;
      expect(Object.keys(fields), JSON.stringify(body)).toContain(field);
      expect(response.json.detail).toMatch(words);
    }
    expect(await waiting(owner)).toEqual([]);
    expect(await clients(owner)).toEqual([]);
  });

  it("does not let another salon see, change or remove an entry", async () => {
    const { owner, service } = await czechSalon();
    const id = (await add(owner, wish([service]))).json.id as string;
    const other = await signedInOwner();
    const otherService = (await other.call("/api/dashboard/services", { body: { name: "Cut", duration: 30, price: 20 } })).json.id as string;

    expect(await waiting(other)).toEqual([]);
    const put = await other.call(`/api/dashboard/waitlist/${id}`, { method: "PUT", body: wish([otherService]) });
    expect(put.status).toBe(404);
    expect(put.json.detail).toEqual(expect.any(String));
    expect((await other.call(`/api/dashboard/waitlist/${id}`, { method: "DELETE" })).status).toBe(404);
    // Nor may it name the first salon's service in its own entry.
    expect((await add(other, wish([service]))).status).toBe(422);
    expect(await waiting(owner)).toEqual([expect.objectContaining({ id, status: "waiting" })]);
  });

  it("holds at most its limit of waiting clients and says so", async () => {
    const { owner, service, salonId } = await czechSalon();
    await sql`
      insert into client_waitlist (salon_id, name, phone, language, weekdays, from_time, until_time, from_date, until_date, source)
      select ${salonId}, 'Client ' || n, '+42077700' || lpad(n::text, 4, '0'), 'cs', '{1}', '09:00', '12:00', '2027-12-01', '2027-12-31', 'dashboard'
      from generate_series(1, ${OUTREACH_LIMITS.waiting}) n`;
    const refused = await add(owner, wish([service]), { "accept-language": "en" });
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toContain("500 clients are already waiting");

    // A place comes free once someone is taken off the list.
    const [first] = await waiting(owner);
    await owner.call(`/api/dashboard/waitlist/${first!.id}`, { method: "DELETE" });
    expect((await add(owner, wish([service]))).status).toBe(201);
  });
});

describe("the outreach log", () => {
  it("lists freed times newest first with their offers, a page at a time", async () => {
    const { owner, stylist, salonId } = await czechSalon();
    // Two more slots than a page; the page's last and the one after it made at the same instant,
    // the one after those half a millisecond earlier.
    const count = OUTREACH_LIMITS.page + 2;
    await sql`
      insert into outreach_slots (salon_id, stylist_id, start_at, end_at, trigger, status, created_at)
      select ${salonId}, ${stylist}, '2027-12-01T08:00:00Z'::timestamptz + n * interval '1 hour', '2027-12-01T08:30:00Z'::timestamptz + n * interval '1 hour',
        'fill_gaps', 'exhausted', '2027-11-01T08:00:00Z'::timestamptz + greatest(n, 3) * interval '1 minute' + (case when n = 1 then 200 when n <= 3 then 700 else 0 end) * interval '1 microsecond'
      from generate_series(1, ${count}) n`;
    const [newest] = await sql<{ id: string }[]>`select id from outreach_slots where salon_id = ${salonId} order by created_at desc limit 1`;
    await sql`
      insert into outreach_attempts (salon_id, slot_id, name, phone, language, channel, start_at, end_at, status, reason, expires_at, created_at)
      values (${salonId}, ${newest!.id}, 'Eva', '+420777000111', 'cs', 'sms', now(), now() + interval '1 hour', 'skipped', 'opted_out', now(), '2027-11-02T08:00:00Z'),
        (${salonId}, ${newest!.id}, 'Ota', '+420777000222', 'cs', 'call', now(), now() + interval '1 hour', 'no_answer', null, now(), '2027-11-02T09:00:00Z')`;

    const log = owner.api.dashboard.outreach.log;
    const page = await ok(log.$get({ query: {} }));
    expect(page.slots[0]).toMatchObject({ id: newest!.id, stylist, stylist_name: "Jana Nováková", trigger: "fill_gaps", status: "exhausted" });
    expect(page.slots[0]!.attempts.map((attempt) => [attempt.name, attempt.channel, attempt.status, attempt.reason])).toEqual([
      ["Eva", "sms", "skipped", "opted_out"],
      ["Ota", "call", "no_answer", null],
    ]);
    expect(page.slots).toHaveLength(OUTREACH_LIMITS.page + 1);
    expect(page.next).not.toBeNull();

    const second = await ok(log.$get({ query: { before: page.next! } }));
    expect(second.slots).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(new Set([...page.slots, ...second.slots].map((slot) => slot.id)).size).toBe(count);

    const other = await signedInOwner({ "accept-language": "de" });
    expect((await ok(other.api.dashboard.outreach.log.$get({ query: {} }))).slots).toEqual([]);
    const bad = await other.call("/api/dashboard/outreach/log?before=yesterday");
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toEqual(expect.any(String));
  });
});
