import { afterAll, describe, expect, it } from "vitest";
import { openPhoneCall, recordFunctionCall, recordMessage } from "../../worker/data/calls.ts";
import { sql } from "./auth-helpers.ts";
import { clientOf, clients, czechSalon } from "./client-helpers.ts";

afterAll(() => sql.end());

/** A salon whose client Lucie has an appointment and a phone call, with what was said and booked in it. */
async function salonWithLucie() {
  const salon = await czechSalon();
  const { owner, book, inSalon } = salon;
  const appointment = await book({ customer_name: "Lucie Benešová", customer_phone: "777 123 456", notes: "Lucie Benešová is allergic to PPD" });
  await book({ customer_name: "Olga Malá", customer_phone: "777 000 999" });
  const assistant = (await owner.call("/api/dashboard/assistant/config", { body: { name: "Desk" } })).json.id as string;
  const call = await inSalon(async (scope) => {
    const id = await openPhoneCall(scope, {
      assistantId: assistant,
      assistantName: "Desk",
      callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
      from: "+420777123456",
      to: "+420225000111",
      city: "Praha",
      state: null,
      country: "CZ",
    });
    await recordMessage(scope, { callId: id, position: 0, role: "user", content: "Hi, this is Lucie Benešová, my number is 777 123 456.", truncated: false });
    await recordFunctionCall(scope, {
      callId: id,
      position: 1,
      name: "book_appointment",
      args: JSON.stringify({ customer_name: "Lucie Benešová", customer_phone: "+420777123456" }),
      result: JSON.stringify({ booked: true, customer: "Lucie Benešová" }),
      error: null,
    });
    return id;
  });
  await sql`update calls set call_status = 'completed', call_duration = 95, model_cost = 0.25, eur_per_usd = 0.86, instructions = 'Greet Lucie Benešová' where id = ${call}`;
  // An appointment stored before clients were kept: not linked, its number written another way.
  await sql`
    insert into appointments (salon_id, stylist_name, customer_name, customer_phone, start_at, end_at, status)
    values (${salon.salonId}, 'Jana Nováková', 'Lucie B.', '+420 777-123-456', '2025-01-06T09:00:00Z', '2025-01-06T10:00:00Z', 'cancelled')`;
  const lucie = (await clients(owner, "lucie"))[0]!;
  return { ...salon, appointment, call, lucie };
}

/** Rows of the salon, as text, that still hold any of `needles`. */
async function traces(salonId: string, needles: string[]): Promise<string[]> {
  const rows = await sql<{ row: string }[]>`
    select t::text as row from appointments t where salon_id = ${salonId}
    union all select t::text from calls t where salon_id = ${salonId}
    union all select t::text from call_items t where salon_id = ${salonId}
    union all select t::text from clients t where salon_id = ${salonId}
    union all select t::text from client_phones t where salon_id = ${salonId}
    union all select t::text from client_messages t where salon_id = ${salonId}`;
  return rows.map((r) => r.row).filter((row) => needles.some((needle) => row.toLowerCase().includes(needle.toLowerCase())));
}

describe("erasing a client", () => {
  it("leaves no trace of their name or number in the salon, and keeps the slot, the call's duration and cost", async () => {
    const { owner, salonId, appointment, call, lucie } = await salonWithLucie();
    const needles = ["Lucie", "Benešová", "777123456", "777 123 456", "777-123-456"];
    expect((await traces(salonId, needles)).length).toBeGreaterThan(3);

    const erased = await owner.call(`/api/dashboard/clients/${lucie.id}`, { method: "DELETE" });
    expect(erased.status).toBe(204);
    expect(await traces(salonId, needles)).toEqual([]);

    const kept = await owner.call(`/api/dashboard/appointments/${appointment}`);
    expect(kept.json).toMatchObject({ customer_name: null, customer_phone: null, notes: null, stylist_name: "Jana Nováková", service_name: "Haircut" });
    const [record] = await sql<{ call_duration: number; total_price: number; to_number: string; items: number }[]>`
      select call_duration, total_price::float8, to_number, (select count(*)::int from call_items i where i.call_id = c.id) as items
      from calls c where id = ${call}`;
    expect(record).toEqual({ call_duration: 95, total_price: 0.25, to_number: "+420225000111", items: 2 });
    expect((await owner.call(`/api/dashboard/clients/${lucie.id}`)).status).toBe(404);
    // Another client's data is untouched.
    expect((await clients(owner)).map((client) => client.name)).toEqual(["Olga Malá"]);
    expect((await traces(salonId, ["Olga Malá", "777000999"])).length).toBeGreaterThan(0);
  });
});

describe("another salon", () => {
  it("can neither read, change, merge, erase nor export a salon's client", async () => {
    const a = await salonWithLucie();
    const b = await czechSalon();
    await b.book({ customer_name: "Bára", customer_phone: "777 555 555" });
    const bara = (await clients(b.owner))[0]!;
    const lucie = `/api/dashboard/clients/${a.lucie.id}`;

    expect((await b.owner.call(lucie)).status).toBe(404);
    expect((await b.owner.call(lucie, { method: "PUT", body: { name: "Taken over" } })).status).toBe(404);
    expect((await b.owner.call(lucie, { method: "DELETE" })).status).toBe(404);
    expect((await b.owner.call(`${lucie}/merge`, { body: { other: bara.id } })).status).toBe(404);
    expect((await b.owner.call(`/api/dashboard/clients/${bara.id}/merge`, { body: { other: a.lucie.id } })).status).toBe(404);
    expect((await clients(b.owner, "lucie")).length).toBe(0);
    const exported = await b.owner.call("/api/dashboard/clients/export.csv");
    expect(exported.text).toContain("Bára");
    expect(exported.text).not.toContain("Lucie");
    // Booking B's own appointment with Lucie's number makes a client of B, not a link to A's.
    const booked = await b.book({ customer_name: "Someone", customer_phone: "+420777123456" });
    expect(await clientOf(booked)).not.toBe(a.lucie.id);

    expect((await a.owner.call(lucie)).json).toMatchObject({ name: "Lucie Benešová", phones: ["+420777123456"] });
    expect(await clientOf(a.appointment)).toBe(a.lucie.id);
  });

  it("is refused by row-level security alone, whatever a query asks for", async () => {
    const a = await salonWithLucie();
    const b = await czechSalon();
    const seen = await b.inSalon(async ({ sql: tx }) => ({
      clients: await tx`select id from clients where id = ${a.lucie.id}`,
      phones: await tx`select phone from client_phones where phone = '+420777123456' and salon_id = ${a.salonId}`,
      renamed: await tx`update clients set name = 'Taken over' where id = ${a.lucie.id} returning id`,
      deleted: await tx`delete from client_phones where salon_id = ${a.salonId} returning phone`,
    }));
    expect(seen).toEqual({ clients: [], phones: [], renamed: [], deleted: [] });
    const planted = b.inSalon(({ sql: tx }) => tx`insert into client_phones (salon_id, phone, client_id) values (${a.salonId}, '+420777000001', ${a.lucie.id})`);
    await expect(planted).rejects.toThrow(/row-level security/);
    expect((await a.owner.call(`/api/dashboard/clients/${a.lucie.id}`)).json).toMatchObject({ name: "Lucie Benešová", phones: ["+420777123456"] });
  });
});
