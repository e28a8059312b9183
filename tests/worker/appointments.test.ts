import { afterAll, describe, expect, it } from "vitest";
import { sql } from "./auth-helpers.ts";
import { ok } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** An owner with a Prague salon, one stylist working 09-13 and 14-17, and two services. */
async function salonWithTeam(): Promise<{ owner: Owner; stylist: string; cut: string; colour: string }> {
  const owner = await signedInOwner({ "x-time-zone": "Europe/Prague" });
  const stylist = (await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nováková" } })).json.id as string;
  const cut = (await owner.call("/api/dashboard/services", { body: { name: "Haircut", duration: 45, price: 30, color: "#ff0000" } })).json.id as string;
  const colour = (await owner.call("/api/dashboard/services", { body: { name: "Colouring", duration: 90, price: 80 } })).json.id as string;
  return { owner, stylist, cut, colour };
}

// The first Monday of December next year, and the days after it, in Prague (UTC+1 then):
// always ahead of the clock, so the free times and "upcoming" never depend on when tests run.
const YEAR = new Date().getUTCFullYear() + 1;
const FIRST_MONDAY = 1 + ((8 - new Date(Date.UTC(YEAR, 11, 1)).getUTCDay()) % 7);
const day = (after = 0) => `${YEAR}-12-${String(FIRST_MONDAY + after).padStart(2, "0")}`;
const at = (time: string, on = day()) => `${on}T${time}:00+01:00`;

describe("appointments", () => {
  it("are created with service lines priced from the services, listed by range, edited and cancelled", async () => {
    const { owner, stylist, cut, colour } = await salonWithTeam();
    const created = await owner.call("/api/dashboard/appointments", {
      body: {
        customer_name: "Petra Králová",
        customer_phone: "+420 777 123 456",
        stylist,
        start_datetime: at("10:00"),
        end_datetime: at("12:15"),
        notes: "",
        services: [
          { service: cut, price_at_booking: null, duration_at_booking: null },
          { service: colour, price_at_booking: 75, duration_at_booking: 90 },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      customer_name: "Petra Králová",
      stylist,
      stylist_name: "Jana Nováková",
      start_datetime: `${day()}T09:00:00.000Z`,
      end_datetime: `${day()}T11:15:00.000Z`,
      notes: null,
      service_name: "Haircut, Colouring",
      service_color: "#ff0000",
      services: [
        { service_id: cut, service_name: "Haircut", price_at_booking: 30, duration_at_booking: 45 },
        { service_id: colour, service_name: "Colouring", price_at_booking: 75, duration_at_booking: 90 },
      ],
    });
    const id = created.json.id as string;

    const inRange = await ok(owner.api.dashboard.appointments.$get({ query: { start_date: at("00:00"), end_date: at("23:59") } }));
    expect(inRange.map((a) => a.id)).toEqual([id]);
    const otherDay = await owner.call(`/api/dashboard/appointments?start_date=${encodeURIComponent(at("00:00", day(1)))}&end_date=${encodeURIComponent(at("23:59", day(1)))}`);
    expect(otherDay.json).toEqual([]);

    const moved = await owner.call(`/api/dashboard/appointments/${id}`, {
      method: "PUT",
      body: { stylist, start_datetime: at("14:00"), end_datetime: at("14:45"), services: [{ service: cut }] },
    });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ start_datetime: `${day()}T13:00:00.000Z`, service_name: "Haircut", customer_name: null });
    expect((await owner.call(`/api/dashboard/appointments/${id}`)).json.services).toHaveLength(1);

    expect((await owner.call(`/api/dashboard/appointments/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await owner.call(`/api/dashboard/appointments/${id}`)).status).toBe(404);
    const [row] = await sql`select status from appointments where id = ${id}`;
    expect(row?.status).toBe("cancelled");
  });

  it("move as read: another stylist or time, keeping client, services and note; a change made meanwhile is refused with the appointment as it is now", async () => {
    const { owner, stylist, cut, colour } = await salonWithTeam();
    const petr = (await owner.call("/api/dashboard/stylists", { body: { first_name: "Petr", last_name: "Malý" } })).json.id as string;
    const booked = await owner.call("/api/dashboard/appointments", {
      body: {
        customer_name: "Petra Králová",
        customer_phone: "+420 777 123 456",
        stylist,
        start_datetime: at("10:00"),
        end_datetime: at("12:15"),
        notes: "Allergic to ammonia",
        services: [
          { service: cut, price_at_booking: 25, duration_at_booking: 45 },
          { service: colour, price_at_booking: 75, duration_at_booking: 90 },
        ],
      },
    });
    const id = booked.json.id as string;
    expect(booked.json.version).toBe(1);
    // The salon stops offering colouring: a move keeps the line all the same.
    expect((await owner.call(`/api/dashboard/services/${colour}`, { method: "DELETE" })).status).toBe(204);
    const read = (await owner.call(`/api/dashboard/appointments/${id}`)).json;
    expect((read.services as { service_name: string }[]).map((line) => line.service_name)).toEqual(["Haircut", "Colouring"]);

    const moved = await owner.call(`/api/dashboard/appointments/${id}`, {
      method: "PATCH",
      body: { stylist: petr, start_datetime: at("14:00"), end_datetime: at("16:15"), version: 1 },
    });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({
      stylist: petr,
      stylist_name: "Petr Malý",
      start_datetime: `${day()}T13:00:00.000Z`,
      end_datetime: `${day()}T15:15:00.000Z`,
      customer_name: "Petra Králová",
      notes: "Allergic to ammonia",
      services: read.services,
      version: 2,
    });

    // A second screen still shows version 1 and drags it: refused, in the owner's language,
    // with the appointment as it is now, and nothing changed.
    const stale = await owner.call(`/api/dashboard/appointments/${id}`, {
      method: "PATCH",
      body: { stylist, start_datetime: at("09:00"), end_datetime: at("11:15"), version: 1 },
      headers: { "accept-language": "de" },
    });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      code: "changed_meanwhile",
      detail: "Jemand hat diesen Termin in der Zwischenzeit geändert. Der Kalender zeigt ihn jetzt im aktuellen Stand – verschieben Sie ihn bei Bedarf noch einmal.",
      current: moved.json,
    });
    expect((await owner.call(`/api/dashboard/appointments/${id}`)).json).toEqual(moved.json);

    // A clash is named as a booking's would be; another salon's stylist is refused at its field.
    const other = await owner.call("/api/dashboard/appointments", {
      body: { customer_name: "Eva", stylist, start_datetime: at("09:00"), end_datetime: at("10:00"), services: [{ service: cut }] },
    });
    expect(other.status).toBe(201);
    const clash = await owner.call(`/api/dashboard/appointments/${id}`, {
      method: "PATCH",
      body: { stylist, start_datetime: at("09:30"), end_datetime: at("11:45"), version: 2 },
    });
    expect(clash.status).toBe(409);
    expect(clash.json.code).toBe("overlap");
    const stranger = await owner.call(`/api/dashboard/appointments/${id}`, {
      method: "PATCH",
      body: { stylist: crypto.randomUUID(), start_datetime: at("14:00"), end_datetime: at("16:15"), version: 2 },
    });
    expect(stranger.status).toBe(422);
    expect(stranger.json.fields).toHaveProperty("stylist");
    const missing = await owner.call(`/api/dashboard/appointments/${crypto.randomUUID()}`, {
      method: "PATCH",
      body: { stylist, start_datetime: at("14:00"), end_datetime: at("16:15"), version: 1 },
    });
    expect(missing.status).toBe(404);
  });

  it("refuses an overlap with a 409 naming the clash, and a cancelled appointment frees the time", async () => {
    const { owner, stylist, cut } = await salonWithTeam();
    const first = await owner.call("/api/dashboard/appointments", {
      body: { stylist, start_datetime: at("10:00"), end_datetime: at("11:00"), services: [{ service: cut }] },
    });
    const clash = await owner.call("/api/dashboard/appointments", {
      body: { stylist, start_datetime: at("10:30"), end_datetime: at("11:30"), services: [{ service: cut }] },
      headers: { "accept-language": "en" },
    });
    expect(clash.status).toBe(409);
    expect(clash.json.detail).toBe(`Jana Nováková already has an appointment on December ${FIRST_MONDAY} from 10:00 to 11:00. Choose another time or stylist.`);
    // Back to back is fine: ranges are half-open.
    const next = await owner.call("/api/dashboard/appointments", {
      body: { stylist, start_datetime: at("11:00"), end_datetime: at("11:45"), services: [{ service: cut }] },
    });
    expect(next.status).toBe(201);
    // Moving the second onto the first is refused too, and leaves it where it was.
    const move = await owner.call(`/api/dashboard/appointments/${next.json.id}`, {
      method: "PUT",
      body: { stylist, start_datetime: at("10:15"), end_datetime: at("11:00"), services: [] },
      headers: { "accept-language": "cs" },
    });
    expect(move.status).toBe(409);
    expect(move.json.detail).toBe(`Jana Nováková už má ${FIRST_MONDAY}. prosince od 10:00 do 11:00 jinou rezervaci. Vyberte jiný čas nebo jiného stylistu.`);
    expect((await owner.call(`/api/dashboard/appointments/${next.json.id}`)).json.services).toHaveLength(1);

    await owner.call(`/api/dashboard/appointments/${first.json.id}`, { method: "DELETE" });
    expect((await owner.call("/api/dashboard/appointments", {
      body: { stylist, start_datetime: at("10:30"), end_datetime: at("11:00"), services: [] },
    })).status).toBe(201);
  });

  it("lets exactly one of 50 simultaneous overlapping bookings through, leaving no partial rows", async () => {
    const { owner, stylist, cut } = await salonWithTeam();
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        owner.call("/api/dashboard/appointments", {
          body: {
            customer_name: `Caller ${i}`,
            stylist,
            start_datetime: at("15:00", day(2)),
            end_datetime: at(`15:${String(15 + (i % 40)).padStart(2, "0")}`, day(2)),
            services: [{ service: cut }],
          },
        }),
      ),
    );
    const statuses = attempts.map((attempt) => attempt.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    // The others wait their turn on the stylist and are refused: as overlapping (409), or, on a
    // machine too busy to reach them all within a request's database deadline, as unavailable
    // for now (503), which is the deadline doing its work. Nothing else, and no row of theirs.
    expect(statuses.filter((status) => status !== 201 && status !== 409 && status !== 503)).toEqual([]);
    const [{ appointments, lines }] = (await sql`
      select (select count(*)::int from appointments where stylist_id = ${stylist}) as appointments,
             (select count(*)::int from appointment_services s join appointments a on a.id = s.appointment_id
              where a.stylist_id = ${stylist}) as lines`) as [{ appointments: number; lines: number }];
    expect({ appointments, lines }).toEqual({ appointments: 1, lines: 1 });
  });

  it.each([
    [{}, "stylist", "Select a stylist"],
    [{ start_datetime: "tomorrow at ten" }, "start_datetime", "Enter the start time"],
    [{ end_datetime: at("09:00") }, "end_datetime", "The end time must be after the start time."],
    [{ end_datetime: at("23:00", day(1)) }, "end_datetime", "An appointment can last at most 12 hours."],
    [{ services: [{ service: "nope" }] }, "services.0.service", "Select a service"],
  ])("reject %j", async (change, field, message) => {
    const { owner, stylist } = await salonWithTeam();
    const body = { stylist, start_datetime: at("10:00"), end_datetime: at("11:00"), ...change };
    if (!("stylist" in change) && Object.keys(change).length === 0) delete (body as Record<string, unknown>).stylist;
    const res = await owner.call("/api/dashboard/appointments", { body });
    expect(res.status).toBe(422);
    expect((res.json.fields as Record<string, string>)[field]).toBe(message);
  });

  it("refuse another salon's stylist or service as if they did not exist", async () => {
    const mine = await salonWithTeam();
    const theirs = await salonWithTeam();
    const withTheirStylist = await mine.owner.call("/api/dashboard/appointments", {
      body: { stylist: theirs.stylist, start_datetime: at("10:00"), end_datetime: at("11:00") },
    });
    expect(withTheirStylist.status).toBe(422);
    expect((withTheirStylist.json.fields as Record<string, string>).stylist).toBe("Select a stylist");
    const withTheirService = await mine.owner.call("/api/dashboard/appointments", {
      body: { stylist: mine.stylist, start_datetime: at("10:00"), end_datetime: at("11:00"), services: [{ service: theirs.cut }] },
    });
    expect(withTheirService.status).toBe(422);

    const theirAppointment = await theirs.owner.call("/api/dashboard/appointments", {
      body: { stylist: theirs.stylist, start_datetime: at("10:00"), end_datetime: at("11:00") },
    });
    const id = theirAppointment.json.id as string;
    expect((await mine.owner.call(`/api/dashboard/appointments/${id}`)).status).toBe(404);
    expect((await mine.owner.call(`/api/dashboard/appointments/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await mine.owner.call(`/api/dashboard/appointments/${id}`, {
      method: "PUT",
      body: { stylist: mine.stylist, start_datetime: at("10:00"), end_datetime: at("11:00") },
    })).status).toBe(404);
  });
});

describe("deleting what appointments refer to", () => {
  it("refuses to delete a stylist with upcoming appointments, and keeps the history of past ones", async () => {
    const { owner, stylist, cut } = await salonWithTeam();
    const future = await owner.call("/api/dashboard/appointments", {
      body: { stylist, start_datetime: at("10:00", day(7)), end_datetime: at("11:00", day(7)), services: [{ service: cut }] },
    });
    const refused = await owner.call(`/api/dashboard/stylists/${stylist}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe("This stylist has an upcoming appointment. Move or cancel it first, or mark the stylist inactive.");

    // Once it is in the past, the stylist can go; the appointment keeps the name.
    await sql`update appointments set start_at = now() - interval '2 days', end_at = now() - interval '2 days' + interval '1 hour'
              where id = ${future.json.id as string}`;
    expect((await owner.call(`/api/dashboard/stylists/${stylist}`, { method: "DELETE" })).status).toBe(204);
    const [past] = await sql`select stylist_id, stylist_name from appointments where id = ${future.json.id as string}`;
    expect(past).toEqual({ stylist_id: null, stylist_name: "Jana Nováková" });
  });

  it("lets a service go while appointments keep its name, price and duration", async () => {
    const { owner, stylist, cut } = await salonWithTeam();
    const booked = await owner.call("/api/dashboard/appointments", {
      body: { stylist, start_datetime: at("10:00"), end_datetime: at("10:45"), services: [{ service: cut }] },
    });
    expect((await owner.call(`/api/dashboard/services/${cut}`, { method: "DELETE" })).status).toBe(204);
    const after = await owner.call(`/api/dashboard/appointments/${booked.json.id}`);
    expect(after.json.services).toEqual([{ service_id: null, service_name: "Haircut", service_color: "#ff0000", price_at_booking: 30, duration_at_booking: 45 }]);
  });
});

describe("availability", () => {
  it("offers free start times around the lunch break and booked appointments", async () => {
    const { owner, stylist, cut } = await salonWithTeam();
    await owner.call("/api/dashboard/appointments", {
      body: { stylist, start_datetime: at("10:00"), end_datetime: at("11:00"), services: [{ service: cut }] },
    });
    const slots = await ok(owner.api.dashboard.availability.$get({ query: { start_date: at("00:00"), end_date: at("23:59"), duration: "60" } }));
    const starts = slots.map((slot) => slot.start_datetime.slice(11, 16));
    // In UTC: the stylist works 08:00-12:00 and 13:00-16:00; 09:00-10:00 is booked.
    expect(starts).toEqual(["08:00", "10:00", "10:15", "10:30", "10:45", "11:00", "13:00", "13:15", "13:30", "13:45", "14:00", "14:15", "14:30", "14:45", "15:00"]);
  });
});
