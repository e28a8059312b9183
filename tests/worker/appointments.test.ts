import { afterAll, describe, expect, it } from "vitest";
import { sql } from "./auth-helpers.ts";
import type { AppointmentInput } from "../../contract/appointments.ts";
import { answer, ok } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** An owner with a Prague salon, one stylist working 09-13 and 14-17, and two services. */
async function salonWithTeam(): Promise<{ owner: Owner; stylist: string; cut: string; colour: string }> {
  const owner = await signedInOwner({ "x-time-zone": "Europe/Prague" });
  const stylist = await addStylist(owner, "Jana", "Nováková");
  const service = async (name: string, duration: number, price: number, color?: string) =>
    (await ok(owner.api.dashboard.services.$post({ json: { name, duration, price, color, description: null, min_price: null, max_price: null } }), 201)).id;
  const cut = await service("Haircut", 45, 30, "#ff0000");
  const colour = await service("Colouring", 90, 80);
  return { owner, stylist, cut, colour };
}

const addStylist = async (owner: Owner, first_name: string, last_name: string) =>
  (await ok(owner.api.dashboard.stylists.$post({ json: { first_name, last_name, email: null, phone: null } }), 201)).id;

const appointments = (owner: Owner) => owner.api.dashboard.appointments;
type Fields = Pick<AppointmentInput, "stylist" | "start_datetime" | "end_datetime"> & Partial<AppointmentInput>;
/** An appointment as the calendar's form sends it, what `fields` leave out empty. */
const filled = (fields: Fields): AppointmentInput => ({ customer_name: null, customer_phone: null, notes: null, services: [], ...fields });
/** A service line at the service's own price and length, or at those given. */
const line = (service: string, price_at_booking: number | null = null, duration_at_booking: number | null = null) => ({ service, price_at_booking, duration_at_booking });
const inLanguage = (language?: string) => (language ? { headers: { "accept-language": language } } : undefined);

const book = (owner: Owner, fields: Fields, language?: string) => answer(appointments(owner).$post({ json: filled(fields) }, inLanguage(language)));
const read = (owner: Owner, id: string) => answer(appointments(owner)[":id"].$get({ param: { id } }));
const edit = (owner: Owner, id: string, fields: Fields, language?: string) =>
  answer(appointments(owner)[":id"].$put({ param: { id }, json: filled(fields) }, inLanguage(language)));
const move = (owner: Owner, id: string, to: Pick<AppointmentInput, "stylist" | "start_datetime" | "end_datetime"> & { version: number }, language?: string) =>
  answer(appointments(owner)[":id"].$patch({ param: { id }, json: to }, inLanguage(language)));
const cancel = (owner: Owner, id: string) => answer(appointments(owner)[":id"].$delete({ param: { id } }));
const deleteStylist = (owner: Owner, id: string) => answer(owner.api.dashboard.stylists[":id"].$delete({ param: { id } }));
const deleteService = (owner: Owner, id: string) => answer(owner.api.dashboard.services[":id"].$delete({ param: { id } }));

// The first Monday of December next year, and the days after it, in Prague (UTC+1 then):
// always ahead of the clock, so the free times and "upcoming" never depend on when tests run.
const YEAR = new Date().getUTCFullYear() + 1;
const FIRST_MONDAY = 1 + ((8 - new Date(Date.UTC(YEAR, 11, 1)).getUTCDay()) % 7);
const day = (after = 0) => `${YEAR}-12-${String(FIRST_MONDAY + after).padStart(2, "0")}`;
const at = (time: string, on = day()) => `${on}T${time}:00+01:00`;

describe("appointments", () => {
  it("are created with service lines priced from the services, listed by range, edited and cancelled", async () => {
    const { owner, stylist, cut, colour } = await salonWithTeam();
    const created = await book(owner, {
      customer_name: "Petra Králová",
      customer_phone: "+420 777 123 456",
      stylist,
      start_datetime: at("10:00"),
      end_datetime: at("12:15"),
      notes: "",
      services: [line(cut), line(colour, 75, 90)],
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
    expect(await ok(appointments(owner).$get({ query: { start_date: at("00:00", day(1)), end_date: at("23:59", day(1)) } }))).toEqual([]);

    const moved = await edit(owner, id, { stylist, start_datetime: at("14:00"), end_datetime: at("14:45"), services: [line(cut)] });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ start_datetime: `${day()}T13:00:00.000Z`, service_name: "Haircut", customer_name: null });
    expect((await read(owner, id)).json.services).toHaveLength(1);

    expect((await cancel(owner, id)).status).toBe(204);
    expect((await read(owner, id)).status).toBe(404);
    const [row] = await sql`select status from appointments where id = ${id}`;
    expect(row?.status).toBe("cancelled");
  });

  it("move as read: another stylist or time, keeping client, services and note; a change made meanwhile is refused with the appointment as it is now", async () => {
    const { owner, stylist, cut, colour } = await salonWithTeam();
    const petr = await addStylist(owner, "Petr", "Malý");
    const booked = await book(owner, {
      customer_name: "Petra Králová",
      customer_phone: "+420 777 123 456",
      stylist,
      start_datetime: at("10:00"),
      end_datetime: at("12:15"),
      notes: "Allergic to ammonia",
      services: [line(cut, 25, 45), line(colour, 75, 90)],
    });
    const id = booked.json.id as string;
    expect(booked.json.version).toBe(1);
    // The salon stops offering colouring: a move keeps the line all the same.
    expect((await deleteService(owner, colour)).status).toBe(204);
    const before = await ok(appointments(owner)[":id"].$get({ param: { id } }));
    expect(before.services.map((line) => line.service_name)).toEqual(["Haircut", "Colouring"]);

    const moved = await move(owner, id, { stylist: petr, start_datetime: at("14:00"), end_datetime: at("16:15"), version: 1 });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({
      stylist: petr,
      stylist_name: "Petr Malý",
      start_datetime: `${day()}T13:00:00.000Z`,
      end_datetime: `${day()}T15:15:00.000Z`,
      customer_name: "Petra Králová",
      notes: "Allergic to ammonia",
      services: before.services,
      version: 2,
    });

    // A second screen still shows version 1 and drags it: refused, in the owner's language,
    // with the appointment as it is now, and nothing changed.
    const stale = await move(owner, id, { stylist, start_datetime: at("09:00"), end_datetime: at("11:15"), version: 1 }, "de");
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      code: "changed_meanwhile",
      detail: "Jemand hat diesen Termin in der Zwischenzeit geändert. Der Kalender zeigt ihn jetzt im aktuellen Stand – verschieben Sie ihn bei Bedarf noch einmal.",
      current: moved.json,
    });
    expect((await read(owner, id)).json).toEqual(moved.json);

    // A clash is named as a booking's would be; another salon's stylist is refused at its field.
    const other = await book(owner, { customer_name: "Eva", stylist, start_datetime: at("09:00"), end_datetime: at("10:00"), services: [line(cut)] });
    expect(other.status).toBe(201);
    const clash = await move(owner, id, { stylist, start_datetime: at("09:30"), end_datetime: at("11:45"), version: 2 });
    expect(clash.status).toBe(409);
    expect(clash.json.code).toBe("overlap");
    const stranger = await move(owner, id, { stylist: crypto.randomUUID(), start_datetime: at("14:00"), end_datetime: at("16:15"), version: 2 });
    expect(stranger.status).toBe(422);
    expect(stranger.json.fields).toHaveProperty("stylist");
    const missing = await move(owner, crypto.randomUUID(), { stylist, start_datetime: at("14:00"), end_datetime: at("16:15"), version: 1 });
    expect(missing.status).toBe(404);
  });

  it("refuses an overlap with a 409 naming the clash, and a cancelled appointment frees the time", async () => {
    const { owner, stylist, cut } = await salonWithTeam();
    const first = await book(owner, { stylist, start_datetime: at("10:00"), end_datetime: at("11:00"), services: [line(cut)] });
    const clash = await book(owner, { stylist, start_datetime: at("10:30"), end_datetime: at("11:30"), services: [line(cut)] }, "en");
    expect(clash.status).toBe(409);
    expect(clash.json.detail).toBe(`Jana Nováková already has an appointment on December ${FIRST_MONDAY} from 10:00 to 11:00. Choose another time or stylist.`);
    // Back to back is fine: ranges are half-open.
    const next = await book(owner, { stylist, start_datetime: at("11:00"), end_datetime: at("11:45"), services: [line(cut)] });
    const nextId = next.json.id as string;
    expect(next.status).toBe(201);
    // Moving the second onto the first is refused too, and leaves it where it was.
    const onto = await edit(owner, nextId, { stylist, start_datetime: at("10:15"), end_datetime: at("11:00") }, "cs");
    expect(onto.status).toBe(409);
    expect(onto.json.detail).toBe(`Jana Nováková už má ${FIRST_MONDAY}. prosince od 10:00 do 11:00 jinou rezervaci. Vyberte jiný čas nebo jiného stylistu.`);
    expect((await read(owner, nextId)).json.services).toHaveLength(1);

    await cancel(owner, first.json.id as string);
    expect((await book(owner, { stylist, start_datetime: at("10:30"), end_datetime: at("11:00") })).status).toBe(201);
  });

  it("lets exactly one of 50 simultaneous overlapping bookings through, leaving no partial rows", async () => {
    const { owner, stylist, cut } = await salonWithTeam();
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book(owner, {
          customer_name: `Caller ${i}`,
          stylist,
          start_datetime: at("15:00", day(2)),
          end_datetime: at(`15:${String(15 + (i % 40)).padStart(2, "0")}`, day(2)),
          services: [line(cut)],
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
    const withTheirStylist = await book(mine.owner, { stylist: theirs.stylist, start_datetime: at("10:00"), end_datetime: at("11:00") });
    expect(withTheirStylist.status).toBe(422);
    expect((withTheirStylist.json.fields as Record<string, string>).stylist).toBe("Select a stylist");
    const withTheirService = await book(mine.owner, { stylist: mine.stylist, start_datetime: at("10:00"), end_datetime: at("11:00"), services: [line(theirs.cut)] });
    expect(withTheirService.status).toBe(422);

    const id = (await book(theirs.owner, { stylist: theirs.stylist, start_datetime: at("10:00"), end_datetime: at("11:00") })).json.id as string;
    expect((await read(mine.owner, id)).status).toBe(404);
    expect((await cancel(mine.owner, id)).status).toBe(404);
    expect((await edit(mine.owner, id, { stylist: mine.stylist, start_datetime: at("10:00"), end_datetime: at("11:00") })).status).toBe(404);
  });
});

describe("deleting what appointments refer to", () => {
  it("refuses to delete a stylist with upcoming appointments, and keeps the history of past ones", async () => {
    const { owner, stylist, cut } = await salonWithTeam();
    const future = await book(owner, { stylist, start_datetime: at("10:00", day(7)), end_datetime: at("11:00", day(7)), services: [line(cut)] });
    const refused = await deleteStylist(owner, stylist);
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe("This stylist has an upcoming appointment. Move or cancel it first, or mark the stylist inactive.");

    // Once it is in the past, the stylist can go; the appointment keeps the name.
    await sql`update appointments set start_at = now() - interval '2 days', end_at = now() - interval '2 days' + interval '1 hour'
              where id = ${future.json.id as string}`;
    expect((await deleteStylist(owner, stylist)).status).toBe(204);
    const [past] = await sql`select stylist_id, stylist_name from appointments where id = ${future.json.id as string}`;
    expect(past).toEqual({ stylist_id: null, stylist_name: "Jana Nováková" });
  });

  it("lets a service go while appointments keep its name, price and duration", async () => {
    const { owner, stylist, cut } = await salonWithTeam();
    const booked = await book(owner, { stylist, start_datetime: at("10:00"), end_datetime: at("10:45"), services: [line(cut)] });
    expect((await deleteService(owner, cut)).status).toBe(204);
    const after = await read(owner, booked.json.id as string);
    expect(after.json.services).toEqual([{ service_id: null, service_name: "Haircut", service_color: "#ff0000", price_at_booking: 30, duration_at_booking: 45 }]);
  });
});

describe("availability", () => {
  it("offers free start times around the lunch break and booked appointments", async () => {
    const { owner, stylist, cut } = await salonWithTeam();
    await book(owner, { stylist, start_datetime: at("10:00"), end_datetime: at("11:00"), services: [line(cut)] });
    const slots = await ok(owner.api.dashboard.availability.$get({ query: { start_date: at("00:00"), end_date: at("23:59"), duration: "60" } }));
    const starts = slots.map((slot) => slot.start_datetime.slice(11, 16));
    // In UTC: the stylist works 08:00-12:00 and 13:00-16:00; 09:00-10:00 is booked.
    expect(starts).toEqual(["08:00", "10:00", "10:15", "10:30", "10:45", "11:00", "13:00", "13:15", "13:30", "13:45", "14:00", "14:15", "14:30", "14:45", "15:00"]);
  });
});
