import { afterAll, describe, expect, it } from "vitest";
import { sql } from "./auth-helpers.ts";
import { api } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** A refusal as the caller reads it: the status and the message of one field. */
const refusal = (res: Awaited<ReturnType<typeof api>>, field: string) => ({
  status: res.status,
  message: (res.json.fields as Record<string, string> | undefined)?.[field],
});

async function salonWithTeam(owner: Owner) {
  const stylist = (await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nová" } })).json.id as string;
  const service = (await owner.call("/api/dashboard/services", { body: { name: "Cut", duration: 60, price: 30 } })).json.id as string;
  return { stylist, service };
}

/** JSON text of a value nested `depth` deep, in objects or in lists. */
const deep = (depth: number, kind: "object" | "list" = "object") =>
  kind === "object" ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}` : `${"[".repeat(depth)}1${"]".repeat(depth)}`;

describe("text with characters that cannot be stored", () => {
  it("is refused at sign-in in the caller's language, NUL included", async () => {
    const res = await api("/api/auth/login", { body: { email: "a\u0000b@x.io", password: "x" }, headers: { "accept-language": "de" } });
    expect(refusal(res, "email")).toEqual({ status: 422, message: "Bitte geben Sie eine gültige E-Mail-Adresse ein" });
    expect(res.json.detail).toBe("Bitte geben Sie eine gültige E-Mail-Adresse ein");
  });

  it("is refused in the public forms and the dashboard, and nothing is stored", async () => {
    expect((await api("/api/waitlist/join", { body: { email: "nul\u0000@x.io" } })).status).toBe(422);
    const contact = await api("/api/waitlist/contact-sales", { body: { email: "a@x.io", message: "Hello\u0000" }, headers: { "accept-language": "cs" } });
    expect(refusal(contact, "message")).toEqual({ status: 422, message: "Text obsahuje znaky, které nelze uložit, například neviditelné řídicí znaky. Napište ho prosím znovu." });

    const owner = await signedInOwner();
    for (const [path, body, field] of [
      ["/api/dashboard/services", { name: "Cut", description: "short\u0000" }, "description"],
      ["/api/dashboard/stylists", { first_name: "Ja\u0000na", last_name: "Nová" }, "first_name"],
      ["/api/dashboard/phone-numbers", { phone_number: "+420777000111", phone_name: "Front\ud800desk" }, "phone_name"],
      ["/api/dashboard/assistant/config", { name: "Desk", initial_greeting: "Hi\u001b[31m" }, "initial_greeting"],
    ] as const) {
      const res = await owner.call(path, { body });
      expect(refusal(res, field), path).toEqual({ status: 422, message: "This text contains characters that cannot be saved, such as invisible control characters. Please type it again." });
    }
    const [stored] = await sql<{ n: number }[]>`
      select (select count(*) from services s join salons on salons.id = s.salon_id join users u on u.id = salons.owner_id where u.email = ${owner.email})::int as n`;
    expect(stored!.n).toBe(0);
  });

  it("keeps tabs, line breaks and emoji", async () => {
    const owner = await signedInOwner();
    const res = await owner.call("/api/dashboard/services", { body: { name: "Cut ✂️", description: "Wash,\tcut\nand dry 👍" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Cut ✂️", description: "Wash,\tcut\nand dry 👍" });
  });
});

describe("appointments", () => {
  const at = (day: string, time: string) => `${day}T${time}:00+01:00`;

  it("refuse a price above what a price may be", async () => {
    const owner = await signedInOwner();
    const { stylist, service } = await salonWithTeam(owner);
    const res = await owner.call("/api/dashboard/appointments", {
      body: { stylist, start_datetime: at("2031-03-03", "10:00"), end_datetime: at("2031-03-03", "11:00"), services: [{ service, price_at_booking: 1e8 }] },
    });
    expect(refusal(res, "services.0.price_at_booking")).toEqual({ status: 422, message: "Price must be between 0 and 100,000, with at most two decimals." });
  });

  it("refuse 31 February instead of booking 3 March", async () => {
    const owner = await signedInOwner();
    const { stylist } = await salonWithTeam(owner);
    const res = await owner.call("/api/dashboard/appointments", {
      body: { stylist, start_datetime: at("2031-02-31", "10:00"), end_datetime: at("2031-02-31", "11:00") },
    });
    expect(refusal(res, "start_datetime")).toEqual({ status: 422, message: "This date does not exist in the calendar." });
    const [booked] = await sql<{ n: number }[]>`select count(*)::int as n from appointments where stylist_id = ${stylist}`;
    expect(booked!.n).toBe(0);
  });

  it("refuse year 0000 and ranges past 9999, in the list, the free-slot search and a booking", async () => {
    const owner = await signedInOwner();
    const { stylist } = await salonWithTeam(owner);
    const years = "Enter a date between the years 1900 and 2999.";
    const list = await owner.call(`/api/dashboard/appointments?start_date=0000-01-01T00:00:00Z&end_date=2031-01-02T00:00:00Z`);
    expect(refusal(list, "start_date")).toEqual({ status: 422, message: years });
    const pastEnd = encodeURIComponent("9999-12-31T23:59:59-05:00");
    const slots = await owner.call(`/api/dashboard/availability?start_date=9999-12-30T00:00:00Z&end_date=${pastEnd}&duration=60`);
    expect(refusal(slots, "end_date")).toEqual({ status: 422, message: years });
    const booking = await owner.call("/api/dashboard/appointments", {
      body: { stylist, start_datetime: "0000-01-03T10:00:00Z", end_datetime: "0000-01-03T11:00:00Z" },
    });
    expect(refusal(booking, "start_datetime")).toEqual({ status: 422, message: years });
  });
});

describe("salon settings", () => {
  it("refuse special dates nested 10,000 deep, as JSON and as JSON text", async () => {
    const owner = await signedInOwner();
    const asJson = await owner.call("/api/dashboard/salon", {
      method: "PUT",
      rawBody: `{"name":"Salon","special_dates":{"2026-12-24":${deep(10_000)}}}`,
      headers: { "content-type": "application/json" },
    });
    expect(asJson.status).toBe(400);
    expect(asJson.json.detail).toBe("The request body is nested too deeply.");
    const asText = await owner.call("/api/dashboard/salon", { method: "PUT", body: { name: "Salon", special_dates: `{"2026-12-24":${deep(10_000, "list")}}` } });
    expect(refusal(asText, "special_dates")).toEqual({ status: 422, message: "Special dates could not be read." });
    expect((await owner.call("/api/dashboard/salon")).json.special_dates).toEqual({});
  });

  it("refuse special dates and days off on days the calendar lacks", async () => {
    const owner = await signedInOwner();
    const salon = await owner.call("/api/dashboard/salon", { method: "PUT", body: { name: "Salon", special_dates: { "2031-02-31": { closed: true } } } });
    expect(salon.status).toBe(422);
    const stylist = await owner.call("/api/dashboard/stylists", {
      body: { first_name: "Jana", last_name: "Nová", time_off: [{ start_date: "2031-02-27", end_date: "2031-02-31" }] },
    });
    expect(refusal(stylist, "time_off.0.end_date")).toEqual({ status: 422, message: "This date does not exist in the calendar." });
  });

  it.each(["US/Pacific-New", "+05:30", "-05:30", "IST"])("refuse the time zone %s, which PostgreSQL reads otherwise or not at all", async (zone) => {
    const owner = await signedInOwner();
    const res = await owner.call("/api/dashboard/salon", { method: "PUT", body: { name: "Salon", time_zone: zone } });
    expect(refusal(res, "time_zone")).toEqual({ status: 422, message: "Choose a valid time zone." });
    // The call statistics count the salon's days in PostgreSQL, in the salon's zone.
    expect((await owner.call("/api/calls/stats?period=this_week")).status).toBe(200);
  });

  it("start in the default zone when the browser's is one PostgreSQL does not know", async () => {
    const owner = await signedInOwner({ "x-time-zone": "US/Pacific-New" });
    expect((await owner.call("/api/dashboard/salon")).json.time_zone).toBe("Europe/Prague");
    expect((await owner.call("/api/calls/stats?period=today")).status).toBe(200);
  });
});
