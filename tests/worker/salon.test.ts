import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import postgres from "postgres";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_WORKING_HOURS } from "../../contract/salon.ts";
import { api, ok } from "./helpers.ts";
import { sql } from "./auth-helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

const jana = { first_name: "Jana", last_name: "Nováková", email: "jana@salon.cz", phone: "+420 777 123 456" };
const cut = { name: "Dámský střih", duration: 45, price: 690, min_price: 590, max_price: 890, color: "#aa33cc", description: "Mytí, střih, foukaná" };

describe("the salon", () => {
  it("is made on first use with the spec's defaults and the browser's time zone", async () => {
    const owner = await signedInOwner({ "x-time-zone": "Europe/Berlin", "accept-language": "cs" });
    const salon = await ok(owner.api.dashboard.salon.$get());
    expect(salon).toMatchObject({ name: "Můj salon", time_zone: "Europe/Berlin", special_dates: {}, email: null });
    expect(salon.business_hours).toEqual(DEFAULT_BUSINESS_HOURS);
    // A second request finds the same salon.
    expect((await ok(owner.api.dashboard.salon.$get())).name).toBe("Můj salon");
    const rows = await sql`select count(*)::int as n from salons s join users u on u.id = s.owner_id where u.email = ${owner.email}`;
    expect(rows[0]!.n).toBe(1);
  });

  it("saves every field, accepting business hours and special dates as JSON strings", async () => {
    const owner = await signedInOwner();
    const hours = { ...DEFAULT_BUSINESS_HOURS, "5": { open: "08:00", close: "12:00" }, "6": null };
    const saved = await ok(
      owner.api.dashboard.salon.$put({
        json: {
        name: "  Salon Bella ",
        email: "info@bella.cz",
        phone: "+420 222 333 444",
        website: "www.bella.cz",
        address: "Vinohradská 12",
        city: "Praha",
        state: "",
        postal_code: "120 00",
        country: "Česko",
        description: "Kadeřnictví na Vinohradech",
        transfer_phone_number: "+420 777 000 111",
        business_hours: JSON.stringify(hours),
        special_dates: JSON.stringify({ "2026-12-24": { closed: true } }),
        time_zone: "Europe/Prague",
        },
      }),
    );
    expect(saved).toMatchObject({ name: "Salon Bella", state: null, website: "www.bella.cz", business_hours: hours });
    expect(saved.special_dates).toEqual({ "2026-12-24": { closed: true } });
    expect(await ok(owner.api.dashboard.salon.$get())).toEqual(saved);
  });

  it.each([
    [{ name: "" }, "name", "Salon name is required"],
    [{ name: "A", email: "nope" }, "email", "Please enter a valid email"],
    [{ name: "A", transfer_phone_number: "call me" }, "transfer_phone_number", "Enter a valid phone number, e.g. +420 777 123 456."],
    [{ name: "A", business_hours: { "0": { open: "18:00", close: "09:00" } } }, "business_hours.0.close", "Closing time must be after opening time."],
    [{ name: "A", business_hours: "{not json" }, "business_hours", "Business hours could not be read."],
    [{ name: "A", business_hours: { "0": { open: "9", close: "17:00" } } }, "business_hours.0.open", "Enter a time as HH:MM."],
    [{ name: "A", time_zone: "Mars/Olympus" }, "time_zone", "Choose a valid time zone."],
    // Bad input on purpose, which the typed client would not send: these go by path.
  ])("rejects %j", async (body, field, message) => {
    const owner = await signedInOwner();
    const res = await owner.call("/api/dashboard/salon", { method: "PUT", body });
    expect(res.status).toBe(422);
    expect((res.json.fields as Record<string, string>)[field]).toBe(message);
  });

  it("is only for signed-in owners", async () => {
    expect((await api("/api/dashboard/salon")).status).toBe(401);
    expect((await api("/api/dashboard/stylists", { headers: { authorization: "Bearer nope" } })).status).toBe(401);
  });
});

describe("stylists", () => {
  it("are created with the default hours, listed, edited and deleted", async () => {
    const owner = await signedInOwner();
    const stylists = owner.api.dashboard.stylists;
    expect(await ok(stylists.$get())).toEqual([]);
    const created = await ok(stylists.$post({ json: jana }), 201);
    expect(created).toMatchObject({ ...jana, is_active: true, color: "#3788d8", time_off: [], working_hours: DEFAULT_WORKING_HOURS });
    const param = { id: created.id };

    const edited = await ok(
      stylists[":id"].$put({ param, json: { ...jana, is_active: false, color: "#112233", working_hours: { ...DEFAULT_WORKING_HOURS, "0": null } } }),
    );
    expect(edited).toMatchObject({ is_active: false, color: "#112233" });
    expect(edited.working_hours["0"]).toBeNull();

    expect((await ok(stylists.$get())).map((s) => s.id)).toEqual([created.id]);
    await ok(stylists[":id"].$delete({ param }), 204);
    expect(await ok(stylists.$get())).toEqual([]);
    expect((await stylists[":id"].$delete({ param })).status).toBe(404);
  });

  it("accept working hours and time off as JSON strings, and read the older {start, end} shape", async () => {
    const owner = await signedInOwner();
    const stylist = await ok(
      owner.api.dashboard.stylists.$post({
        json: {
          ...jana,
          working_hours: JSON.stringify({ "0": { start: "08:00", end: "16:00" }, "1": { working: false, morning_start: "09:00", morning_end: "12:00" }, "2": null }),
          time_off: JSON.stringify([{ start_date: "2026-12-24", end_date: "2026-12-31", note: "Vánoce" }]),
        },
      }),
      201,
    );
    const hours = stylist.working_hours;
    expect(hours["0"]).toEqual({ working: true, morning_start: "08:00", morning_end: null, afternoon_start: null, afternoon_end: "16:00" });
    // A day marked not working, an explicit day off and a missing day are all days off.
    expect([hours["1"], hours["2"], hours["6"]]).toEqual([null, null, null]);
    expect(stylist.time_off).toEqual([{ start_date: "2026-12-24", end_date: "2026-12-31", note: "Vánoce" }]);
  });

  it.each([
    [{ ...jana, first_name: " " }, "first_name", "First name is required"],
    [{ first_name: "Jana" }, "last_name", "Last name is required"],
    [{ ...jana, email: "jana@" }, "email", "Please enter a valid email"],
    [{ ...jana, color: "blue" }, "color", "Choose a colour."],
    [{ ...jana, working_hours: { "0": { morning_start: "09:00", morning_end: "13:00", afternoon_start: "12:00", afternoon_end: "17:00" } } }, "working_hours.0.afternoon_start", "The afternoon must start after the morning ends."],
    [{ ...jana, working_hours: { "0": { morning_start: "13:00", morning_end: "09:00" } } }, "working_hours.0.morning_end", "The end must be after the start, and both times are needed."],
    [{ ...jana, time_off: [{ start_date: "2026-12-31", end_date: "2026-12-24" }] }, "time_off.0.end_date", "The last day must not be before the first."],
  ])("reject %j", async (body, field, message) => {
    const owner = await signedInOwner();
    const res = await owner.call("/api/dashboard/stylists", { body });
    expect(res.status).toBe(422);
    expect((res.json.fields as Record<string, string>)[field]).toBe(message);
  });
});

describe("services", () => {
  it("are created with defaults, priced in numbers, edited and deleted", async () => {
    const owner = await signedInOwner();
    const services = owner.api.dashboard.services;
    // Fields a client may leave out, which the contract's types still name: sent by path.
    const basic = await owner.call("/api/dashboard/services", { body: { name: "Foukaná" } });
    expect(basic.status).toBe(201);
    expect(basic.json).toMatchObject({ name: "Foukaná", duration: 60, price: 0, min_price: null, max_price: null, color: "#3788d8" });

    const created = await ok(services.$post({ json: { ...cut, min_price: "", max_price: null } }), 201);
    expect(created).toMatchObject({ ...cut, min_price: null, max_price: null });
    const param = { id: created.id };
    const edited = await ok(services[":id"].$put({ param, json: { ...cut, price: 720.5 } }));
    expect(edited).toMatchObject({ price: 720.5, min_price: 590, max_price: 890 });

    expect((await ok(services.$get())).map((s) => s.name)).toEqual(["Dámský střih", "Foukaná"]);
    await ok(services[":id"].$delete({ param }), 204);
  });

  it.each([
    [{ name: "" }, "name", "Service name is required"],
    [{ name: "A", duration: 3 }, "duration", "Duration must be at least 5 minutes, in steps of 5."],
    [{ name: "A", duration: 47 }, "duration", "Duration must be at least 5 minutes, in steps of 5."],
    [{ name: "A", duration: "45" }, "duration", "Duration must be at least 5 minutes, in steps of 5."],
    [{ name: "A", price: -1 }, "price", "Price must be between 0 and 100,000, with at most two decimals."],
    [{ name: "A", price: 10.555 }, "price", "Price must be between 0 and 100,000, with at most two decimals."],
    [{ name: "A", min_price: 50, max_price: 20 }, "max_price", "The maximum price must not be below the minimum."],
  ])("reject %j", async (body, field, message) => {
    const owner = await signedInOwner();
    const res = await owner.call("/api/dashboard/services", { body });
    expect(res.status).toBe(422);
    expect((res.json.fields as Record<string, string>)[field]).toBe(message);
  });
});

describe("isolation between salons", () => {
  it("gives a second owner nothing of the first's, through every route", async () => {
    const first = await signedInOwner();
    const second = await signedInOwner();
    await first.call("/api/dashboard/salon", { method: "PUT", body: { name: "First salon" } });
    const stylistId = (await ok(first.api.dashboard.stylists.$post({ json: jana }), 201)).id;
    const serviceId = (await ok(first.api.dashboard.services.$post({ json: cut }), 201)).id;

    expect((await ok(second.api.dashboard.salon.$get())).name).not.toBe("First salon");
    expect(await ok(second.api.dashboard.stylists.$get())).toEqual([]);
    expect(await ok(second.api.dashboard.services.$get())).toEqual([]);
    for (const [path, body] of [
      [`/api/dashboard/stylists/${stylistId}`, jana],
      [`/api/dashboard/services/${serviceId}`, cut],
    ] as const) {
      expect((await second.call(path, { method: "PUT", body: { ...body, name: "Stolen", first_name: "Stolen" } })).status).toBe(404);
      expect((await second.call(path, { method: "DELETE" })).status).toBe(404);
    }
    expect((await second.call("/api/dashboard/stylists/not-a-uuid", { method: "DELETE" })).status).toBe(404);

    // The first owner's rows are untouched.
    const [stylist] = await sql`select first_name from stylists where id = ${stylistId}`;
    const [service] = await sql`select name from services where id = ${serviceId}`;
    expect([stylist?.first_name, service?.name]).toEqual(["Jana", "Dámský střih"]);
  });

  it("is enforced by the database too: the Worker's role without a salon setting sees no rows", async () => {
    const owner = await signedInOwner();
    await ok(owner.api.dashboard.stylists.$post({ json: jana }), 201);
    await ok(owner.api.dashboard.services.$post({ json: cut }), 201);
    expect((await sql`select count(*)::int as n from stylists`)[0]!.n).toBeGreaterThan(0);

    const worker = postgres(inject("workerDatabaseUrl"), { max: 1, onnotice: () => {}, fetch_types: false });
    try {
      const counts = await worker.begin(async (tx) => [
        (await tx`select count(*)::int as n from salons`)[0]!.n,
        (await tx`select count(*)::int as n from stylists`)[0]!.n,
        (await tx`select count(*)::int as n from services`)[0]!.n,
      ]);
      expect(counts).toEqual([0, 0, 0]);
      // Nor can it write a row into another salon.
      const [other] = await sql`select id from salons limit 1`;
      await expect(
        worker.begin(async (tx) => {
          await tx`select set_config('app.salon_id', gen_random_uuid()::text, true)`;
          await tx`insert into services (salon_id, name) values (${other!.id}, 'Injected')`;
        }),
      ).rejects.toThrow(/row-level security/);
    } finally {
      await worker.end();
    }
  });
});
