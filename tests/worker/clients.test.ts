import { env, exports } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { clientForBooking } from "../../worker/data/clients.ts";
import { openPhoneCall } from "../../worker/data/calls.ts";
import { database } from "../../worker/data/db.ts";
import type { Bindings } from "../../worker/env.ts";
import { runTool } from "../../worker/calls/engine/tools.ts";
import { sql } from "./auth-helpers.ts";
import { clientOf, clients, czechSalon, type Owner } from "./client-helpers.ts";
import { withoutMessages } from "./call-helpers.ts";

afterAll(() => sql.end());

/** The next Monday at least two days away, as YYYY-MM-DD (the salon's default hours are open then). */
function nextMonday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** An incoming phone call from `from` to the salon's assistant, as Twilio's webhook records it. */
const phoneCall = (from: string, assistantId: string) => ({
  assistantId,
  assistantName: "Desk",
  callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
  from,
  to: "+420225000111",
  city: null,
  state: null,
  country: "CZ",
});

/** The salon's assistant, which phone calls are recorded against. */
async function desk(owner: Owner): Promise<string> {
  return (await owner.call("/api/dashboard/assistant/config", { body: { name: "Desk" } })).json.id as string;
}

describe("a booking's client", () => {
  it("is found by the number however it is written, keeps the name it has and fills only blanks", async () => {
    const { owner, book } = await czechSalon();
    const first = await book({ customer_phone: "777 123 456" });
    const second = await book({ customer_name: "Lucie Malá", customer_phone: "+420777123456" });
    const third = await book({ customer_name: "Lucka", customer_phone: "00420 777-123-456" });

    const [client, ...others] = await clients(owner);
    expect(others).toEqual([]);
    expect(client).toMatchObject({ name: "Lucie Malá", phones: ["+420777123456"], source: "dashboard" });
    expect([await clientOf(first), await clientOf(second), await clientOf(third)]).toEqual([client!.id, client!.id, client!.id]);
  });

  it("is not made from text that is no number, nor from a name alone", async () => {
    const { owner, book } = await czechSalon();
    const appointment = await book({ customer_name: "Eva", customer_phone: "call me maybe" });
    await book({ customer_name: "Eva" });
    expect(await clients(owner)).toEqual([]);
    expect(await clientOf(appointment)).toBeNull();
  });

  it("is found by email when the number is new, and the number joins the record", async () => {
    const { owner, book, inSalon } = await czechSalon();
    await book({ customer_name: "Petra Králová", customer_phone: "603 111 222" });
    const [petra] = await clients(owner);
    expect((await owner.call(`/api/dashboard/clients/${petra!.id}`, { method: "PUT", body: { email: "petra@example.com" } })).status).toBe(200);

    const found = await inSalon((scope) => clientForBooking(scope, { name: "P. Králová", phone: "+420 604 999 888", email: "PETRA@example.com", source: "online" }));
    expect(found).toBe(petra!.id);
    expect(await clients(owner)).toEqual([expect.objectContaining({ name: "Petra Králová", phones: ["+420603111222", "+420604999888"] })]);
  });

  it("is one client when bookings of one new number arrive at the same moment", async () => {
    const { owner, book, inSalon } = await czechSalon();
    const booked = await Promise.all(Array.from({ length: 4 }, () => book({ customer_name: "Dana", customer_phone: "+420 605 000 111" })));
    const matched = await Promise.all(
      Array.from({ length: 4 }, () => inSalon((scope) => clientForBooking(scope, { name: null, phone: "605 000 222", source: "online" }))),
    );
    const list = await clients(owner);
    expect(list.map((client) => client.phones)).toEqual([["+420605000111"], ["+420605000222"]]);
    expect(new Set(await Promise.all(booked.map(clientOf)))).toEqual(new Set([list[0]!.id]));
    expect(new Set(matched)).toEqual(new Set([list[1]!.id]));
  });

  it("is linked from the receptionist's booking too, and the calls of the number join it", async () => {
    const { owner, salonId, userId, inSalon } = await czechSalon();
    const assistant = await desk(owner);
    const earlier = await inSalon((scope) => openPhoneCall(scope, phoneCall("+420777123456", assistant)));
    const stranger = await inSalon((scope) => openPhoneCall(scope, phoneCall("+420777999000", assistant)));
    expect(await clients(owner)).toEqual([]);

    const ctx = { db: database(env as Bindings), salonId, ownerId: userId, timeZone: "Europe/Prague", country: "CZ" as const, callerNumber: "+420777123456", ...withoutMessages };
    const booked = await runTool(ctx, "book_appointment", JSON.stringify({ customer_name: "Eva Malá", customer_phone: "777 123 456", services: ["Haircut"], start: `${nextMonday()} 09:00` }));
    expect(booked).toMatchObject({ ok: true, result: { booked: true } });
    const later = await inSalon((scope) => openPhoneCall(scope, phoneCall("+420777123456", assistant)));

    const [eva, ...others] = await clients(owner);
    expect(others).toEqual([]);
    expect(eva).toMatchObject({ name: "Eva Malá", phones: ["+420777123456"], source: "receptionist" });
    const page = await owner.call(`/api/dashboard/clients/${eva!.id}`);
    expect(page.json.upcoming_appointments).toEqual([expect.objectContaining({ stylist_name: "Jana Nováková", service_name: "Haircut", status: "booked" })]);
    expect((page.json.calls as { id: string }[]).map((call) => call.id).sort()).toEqual([earlier, later].sort());
    const [unknown] = await sql<{ client_id: string | null }[]>`select client_id from calls where id = ${stranger}`;
    expect(unknown!.client_id).toBeNull();
  });
});

describe("the clients list", () => {
  it("finds clients by any part of name, number or email, folded, in name order and in pages", async () => {
    const { owner, book } = await czechSalon();
    await book({ customer_name: "Šárka Nováková", customer_phone: "777 100 200" });
    await book({ customer_name: "Adam Novák", customer_phone: "777 300 400" });
    await book({ customer_name: "Zdeněk Malý", customer_phone: "+49 30 1234567" });
    await book({ customer_phone: "777 500 600" });

    expect((await clients(owner)).map((client) => client.name)).toEqual(["Adam Novák", "Šárka Nováková", "Zdeněk Malý", null]);
    expect((await clients(owner, "NOVAK")).map((client) => client.name)).toEqual(["Adam Novák", "Šárka Nováková"]);
    expect((await clients(owner, "sarka nov")).map((client) => client.name)).toEqual(["Šárka Nováková"]);
    expect((await clients(owner, "+420 777 300")).map((client) => client.name)).toEqual(["Adam Novák"]);
    expect((await clients(owner, "030 123")).map((client) => client.name)).toEqual(["Zdeněk Malý"]);
    expect((await clients(owner, "100%_")).map((client) => client.name)).toEqual([]);

    const first = await owner.call("/api/dashboard/clients?limit=2");
    const second = await owner.call("/api/dashboard/clients?limit=2&offset=2");
    expect([first.json.more, second.json.more]).toEqual([true, false]);
    expect((second.json.items as { phones: string[] }[]).map((client) => client.phones)).toEqual([["+49301234567"], ["+420777500600"]]);
    const tooMany = await owner.call("/api/dashboard/clients?limit=101", { headers: { "accept-language": "de" } });
    expect(tooMany.status).toBe(422);
  });
});

describe("a client's page", () => {
  it("shows upcoming and past appointments and is edited field by field", async () => {
    const { owner, book, stylist } = await czechSalon();
    const other = await czechSalon();
    const past = await book({ customer_name: "Iva Dvořáková", customer_phone: "777 123 456" }, "2025-05-05");
    const next = await book({ customer_name: "Iva", customer_phone: "777123456" });
    await book({ customer_name: "Olga", customer_phone: "777 888 999" });
    const iva = (await clients(owner, "iva"))[0]!;
    const page = await owner.call(`/api/dashboard/clients/${iva.id}`);
    expect(page.json).toMatchObject({ name: "Iva Dvořáková", marketing_consent: false, notes: null, language: null });
    expect((page.json.upcoming_appointments as { id: string }[]).map((a) => a.id)).toEqual([next]);
    expect((page.json.past_appointments as { id: string }[]).map((a) => a.id)).toEqual([past]);

    const edit = (body: unknown, language = "en") => owner.call(`/api/dashboard/clients/${iva.id}`, { method: "PUT", body, headers: { "accept-language": language } });
    const edited = await edit({
      name: "Iva Dvořák",
      email: "iva@example.com",
      language: "cs",
      preferred_stylist_id: stylist,
      notes: "Sensitive scalp",
      marketing_consent: true,
      phones_add: ["603 222 333"],
      phones_remove: ["+420 777 123 456"],
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      name: "Iva Dvořák",
      email: "iva@example.com",
      language: "cs",
      preferred_stylist_id: stylist,
      notes: "Sensitive scalp",
      marketing_consent: true,
      phones: ["+420603222333"],
    });
    expect((await clients(owner, "603 222")).map((client) => client.id)).toEqual([iva.id]);
    expect(await clients(owner, "777 123 456")).toEqual([]);
    // Only what is sent changes.
    expect((await edit({ notes: "" })).json).toMatchObject({ name: "Iva Dvořák", notes: null, marketing_consent: true });

    const taken = await edit({ phones_add: ["777 888 999"] }, "cs");
    expect(taken.status).toBe(409);
    expect(taken.json.detail).toBe("Číslo +420 777 888 999 už patří jinému klientovi. Sloučte oba záznamy do jednoho.");
    const foreignStylist = await edit({ preferred_stylist_id: other.stylist });
    expect(foreignStylist.status).toBe(422);
    expect(foreignStylist.json.fields).toHaveProperty("preferred_stylist_id");
    const tooLong = await edit({ notes: "x".repeat(2001) }, "de");
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.detail).toBe("Dieser Text ist zu lang.");
    expect((await edit({ phones_add: ["12"] })).status).toBe(422);
    expect((await owner.call(`/api/dashboard/clients/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it("merges two records into one: numbers, appointments and calls move, blanks are filled", async () => {
    const { owner, book, inSalon } = await czechSalon();
    const first = await book({ customer_name: "Marie Svobodová", customer_phone: "777 111 111" });
    const second = await book({ customer_phone: "777 222 222" });
    const assistant = await desk(owner);
    const call = await inSalon((scope) => openPhoneCall(scope, phoneCall("+420777222222", assistant)));
    const [marie, nameless] = await clients(owner);
    await owner.call(`/api/dashboard/clients/${nameless!.id}`, { method: "PUT", body: { email: "marie@example.com", notes: "Prefers mornings", name: "Maruška" } });

    const merge = (into: string, other: string) => owner.call(`/api/dashboard/clients/${into}/merge`, { body: { other } });
    const merged = await merge(marie!.id, nameless!.id);
    expect(merged.status).toBe(200);
    expect(merged.json).toMatchObject({ name: "Marie Svobodová", email: "marie@example.com", notes: "Prefers mornings", phones: ["+420777111111", "+420777222222"] });
    expect((merged.json.calls as { id: string }[]).map((c) => c.id)).toEqual([call]);
    expect([await clientOf(first), await clientOf(second)]).toEqual([marie!.id, marie!.id]);
    expect((await owner.call(`/api/dashboard/clients/${nameless!.id}`)).status).toBe(404);
    expect((await clients(owner)).map((client) => client.id)).toEqual([marie!.id]);

    const self = await merge(marie!.id, marie!.id);
    expect(self.status).toBe(422);
    expect(self.json.detail).toBe("A client cannot be merged into the same record. Choose the other record.");
    expect((await merge(marie!.id, "not-an-id")).status).toBe(422);
  });
});

describe("the export", () => {
  it("is CSV with a byte order mark, quoted as RFC 4180 asks, with formulas defused, read in pages", async () => {
    const { owner, book, salonId } = await czechSalon();
    await book({ customer_name: 'Anna "Ani" Horáková, Jr.', customer_phone: "777 123 456" });
    await book({ customer_name: "=HYPERLINK(\"http://evil.example\")", customer_phone: "777 654 321" });
    const [anna] = await clients(owner, "anna");
    await owner.call(`/api/dashboard/clients/${anna!.id}`, { method: "PUT", body: { notes: "@SUM(1)\nsecond line", marketing_consent: true } });
    // More clients than one page of the export reads.
    await sql`
      insert into clients (salon_id, name, source, search_text)
      select ${salonId}, 'Zuzana ' || lpad(n::text, 4, '0'), 'dashboard', 'zuzana ' || lpad(n::text, 4, '0') from generate_series(1, 1200) n`;

    // Read as bytes: a text decoder would drop the byte order mark.
    const response = await exports.default.fetch(
      new Request("http://localhost/api/dashboard/clients/export.csv", { headers: { ...owner.headers, "accept-language": "de" } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="clients.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines[0]).toBe("Name,Telefonnummern,E-Mail,Sprache,Bevorzugtes Teammitglied,Notizen,Einwilligung in Werbung,Herkunft,Angelegt am,ID");
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example""\)",'\+420777654321,,,,,no,dashboard,/);
    // A line break inside a cell is the cell's own; records end with CRLF.
    expect(lines[2]).toMatch(/^"Anna ""Ani"" Horáková, Jr\.",'\+420777123456,,,,"'@SUM\(1\)\nsecond line",yes,dashboard,/);
    const zuzanas = lines.filter((line) => line.startsWith("Zuzana "));
    expect(zuzanas).toHaveLength(1200);
    expect(zuzanas.map((line) => line.slice(0, 11))).toEqual(Array.from({ length: 1200 }, (_, i) => `Zuzana ${String(i + 1).padStart(4, "0")}`));
    expect(lines.at(-1)).toBe("");
  });
});
