import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { sql } from "./auth-helpers.ts";
import { ok, refused } from "./helpers.ts";
import { phoneNumbersOf, signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

const NUMBERS = "/api/dashboard/phone-numbers";
type Owner = Awaited<ReturnType<typeof signedInOwner>>;

// Each test uses its own numbers, so no other test's claims or active rows meet them.
let next = 100;
const czechMobile = () => `+420 777 600 ${next++}`;
const e164 = (number: string) => number.replaceAll(" ", "");

const assistant = async (owner: Owner, name = "Reception") => (await ok(owner.api.dashboard.assistant.config.$post({ json: { name } }), 201)).id;

describe("phone numbers", () => {
  it("are stored in E.164 as unverified, listed, linked to an assistant, edited and deleted", async () => {
    const owner = await signedInOwner();
    const numbers = phoneNumbersOf(owner);
    expect(await numbers.list()).toEqual([]);
    const number = czechMobile();
    // With an id of its own, which the typed client would not send: by path.
    const created = await owner.call(NUMBERS, { body: { id: "ignored", phone_number: ` ${number} `, phone_name: "", assistant_config_id: "" } });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.any(String),
      phone_number: e164(number),
      phone_name: null,
      assistant_config_id: null,
      status: "unverified",
      source: "own",
      verification: null,
    });
    const id = created.json.id as string;

    const reception = await assistant(owner);
    const edited = await ok(numbers.edit(id, { phone_number: e164(number), phone_name: "Support Line", assistant_config_id: reception }));
    expect(edited).toEqual({ ...created.json, phone_name: "Support Line", assistant_config_id: reception });
    expect(await numbers.list()).toEqual([edited]);

    await ok(numbers.remove(id), 204);
    expect(await numbers.list()).toEqual([]);
    await refused(numbers.remove(id), 404);
  });

  it.each([
    ["+44 not a number"],
    ["+1234567890"],
    ["+420 123"],
    ["+420 777 123 456 789"],
    ["+420 777 123 456 ext. 5"],
  ])("refuses the malformed number %j", async (phone_number) => {
    const owner = await signedInOwner();
    const numbers = phoneNumbersOf(owner);
    const refusal = await refused(numbers.add({ phone_number }), 422);
    expect(refusal.fields).toEqual({ phone_number: "This is not a valid phone number. Enter it in international format, e.g. +420 777 123 456." });
    expect(await numbers.list()).toEqual([]);
  });

  it("requires a number", async () => {
    const owner = await signedInOwner();
    const refusal = await refused(phoneNumbersOf(owner).add({ phone_number: " ", phone_name: "Support Line" }), 422);
    expect(refusal.fields).toEqual({ phone_number: "Enter the phone number." });
  });

  it("reads a number without its country code in the salon's country, and asks for the international form when that is unknown", async () => {
    const owner = await signedInOwner({ "accept-language": "de" });
    const numbers = phoneNumbersOf(owner);
    const national = await refused(numbers.add({ phone_number: "0171 2345678" }), 422);
    expect(national.detail).toBe("Geben Sie die Nummer im internationalen Format ein: + und Ländervorwahl, z. B. +49 30 1234567.");

    // Only some of the salon's fields, which the typed client would not send: by path.
    await owner.call("/api/dashboard/salon", { method: "PUT", body: { name: "Salon Berlin", country: "Deutschland" } });
    const german = await ok(numbers.add({ phone_number: "0171 2345678" }), 201);
    expect(german.phone_number).toBe("+491712345678");

    // Without a country the salon's own number tells where it is.
    const czech = await signedInOwner();
    await czech.call("/api/dashboard/salon", { method: "PUT", body: { name: "Salon Praha", phone: "+420 222 333 444" } });
    const local = await ok(phoneNumbersOf(czech).add({ phone_number: "777 600 999" }), 201);
    expect(local.phone_number).toBe("+420777600999");
  });

  it("is listed once per salon, whichever way it is written, and another salon's claim to it is never revealed", async () => {
    const first = await signedInOwner({ "accept-language": "cs" });
    const second = await signedInOwner();
    const number = czechMobile();
    await ok(phoneNumbersOf(first).add({ phone_number: number }), 201);

    const again = await refused(phoneNumbersOf(first).add({ phone_number: e164(number) }), 409);
    expect(again).toMatchObject({ detail: "Toto číslo už ve svém seznamu máte.", fields: { phone_number: "Toto číslo už ve svém seznamu máte." } });
    // Another salon may type the same number in: an unverified claim takes no calls and blocks nobody.
    const elsewhere = await ok(phoneNumbersOf(second).add({ phone_number: number }), 201);
    expect(elsewhere.status).toBe("unverified");

    // Changing another number into it is refused too; keeping a number's own value is not.
    const other = await ok(phoneNumbersOf(first).add({ phone_number: czechMobile() }), 201);
    await refused(phoneNumbersOf(first).edit(other.id, { phone_number: number }), 409);
    await ok(phoneNumbersOf(first).edit(other.id, { ...other, phone_name: "Main" }));
    expect((await sql`select count(*)::int as n from phone_numbers where phone_number = ${e164(number)}`)[0]!.n).toBe(2);
  });

  it("ring only the salon's own assistants", async () => {
    const first = await signedInOwner();
    const second = await signedInOwner();
    const theirs = await assistant(second, "Not yours");
    const message = "Choose one of your assistants, or No Assistant.";
    for (const assistant_config_id of [theirs, crypto.randomUUID(), "abc"]) {
      const refusal = await refused(phoneNumbersOf(first).add({ phone_number: czechMobile(), assistant_config_id }), 422);
      expect(refusal.fields).toEqual({ assistant_config_id: message });
    }
    expect(await phoneNumbersOf(first).list()).toEqual([]);
  });
});

describe("isolation of phone numbers between salons", () => {
  it("gives a second owner neither the list nor a way to change or delete the first's numbers", async () => {
    const first = await signedInOwner();
    const second = await signedInOwner();
    const number = czechMobile();
    const { id } = await ok(phoneNumbersOf(first).add({ phone_number: number, phone_name: "Main" }), 201);

    expect(await phoneNumbersOf(second).list()).toEqual([]);
    await refused(phoneNumbersOf(second).edit(id, { phone_number: number, phone_name: "Stolen" }), 404);
    await refused(phoneNumbersOf(second).remove(id), 404);
    const [row] = await sql`select phone_name from phone_numbers where id = ${id}`;
    expect(row?.phone_name).toBe("Main");
  });

  it("is enforced by the database too: the Worker's role without a salon setting sees no rows", async () => {
    const owner = await signedInOwner();
    const reception = await assistant(owner);
    await ok(phoneNumbersOf(owner).add({ phone_number: czechMobile(), assistant_config_id: reception }), 201);

    const worker = postgres(inject("workerDatabaseUrl"), { max: 1, onnotice: () => {}, fetch_types: false });
    try {
      const counts = await worker.begin(async (tx) => [
        (await tx`select count(*)::int as n from assistant_configs`)[0]!.n,
        (await tx`select count(*)::int as n from phone_numbers`)[0]!.n,
      ]);
      expect(counts).toEqual([0, 0]);
    } finally {
      await worker.end();
    }
  });
});
