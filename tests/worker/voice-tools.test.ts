import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_HOURS } from "../../contract/salon.ts";
import { database } from "../../worker/data/db.ts";
import type { Bindings } from "../../worker/env.ts";
import { runTool, type ToolContext } from "../../worker/calls/engine/tools.ts";
import { sql } from "./auth-helpers.ts";
import { signedInOwner } from "./owner.ts";
import { withoutMessages } from "./call-helpers.ts";

afterAll(() => sql.end());

const CALLER = "+420777123456";
const bindings = env as Bindings;

/** The next Monday at least two days away, as YYYY-MM-DD (the salon's default hours are open then). */
function nextMonday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A Prague salon with one stylist and two services, and the tools as a call of it runs them. */
async function salonTools(callerNumber: string | null = null) {
  const owner = await signedInOwner({ "x-time-zone": "Europe/Prague" });
  const jana = (await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nováková" } })).json.id as string;
  await owner.call("/api/dashboard/services", { body: { name: "Haircut", duration: 45, price: 30 } });
  const colouring = (await owner.call("/api/dashboard/services", { body: { name: "Colouring", duration: 90, price: 80 } })).json.id as string;
  const [row] = await sql<{ salon_id: string; owner_id: string }[]>`
    select s.id as salon_id, u.id as owner_id from salons s join users u on u.id = s.owner_id where u.email = ${owner.email}`;
  const ctx: ToolContext = { db: database(bindings), salonId: row!.salon_id, ownerId: row!.owner_id, timeZone: "Europe/Prague", country: "CZ", callerNumber, ...withoutMessages };
  const tool = (name: string, args: Record<string, unknown>) => runTool(ctx, name, JSON.stringify(args));
  return { owner, tool, colouring, jana, ctx };
}

describe("the receptionist's tools", () => {
  it("say why a time cannot be booked, naming the stylist who is not free", async () => {
    const { tool } = await salonTools();
    const monday = nextMonday();
    const booking = { customer_name: "Eva Malá", customer_phone: CALLER, services: ["Haircut"] };
    expect(await tool("book_appointment", { ...booking, start: `${monday} 10:00`, stylist: "Jana" })).toMatchObject({ ok: true, result: { booked: true } });

    expect(await tool("book_appointment", { ...booking, start: `${monday} 10:00`, stylist: "Jana" })).toEqual({
      ok: false,
      error: `${monday} 10:00 cannot be booked: Jana Nováková already has an appointment then. Use find_free_slots for a free time.`,
    });
    expect(await tool("book_appointment", { ...booking, start: `${monday} 10:15` })).toEqual({
      ok: false,
      error: `${monday} 10:15 cannot be booked: every stylist who works then already has an appointment. Use find_free_slots for a free time.`,
    });
  });

  it("never book outside the salon's hours, the stylist's hours or their time off, and say which", async () => {
    const { owner, tool, jana, colouring } = await salonTools();
    const monday = nextMonday();
    const after = (days: number) => new Date(Date.parse(`${monday}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    // Open 09:00-18:00 Monday to Saturday; Jana works 09:00-13:00 and 14:00-17:00 and is away on Tuesday.
    await owner.call("/api/dashboard/salon", { method: "PUT", body: { name: "Salon Jana", business_hours: { ...DEFAULT_BUSINESS_HOURS, "6": null } } });
    const away = { start_date: after(1), end_date: after(2), note: "Course" };
    await owner.call(`/api/dashboard/stylists/${jana}`, { method: "PUT", body: { first_name: "Jana", last_name: "Nováková", time_off: [away] } });
    const booking = { customer_name: "Eva Malá", customer_phone: CALLER, services: ["Haircut"], stylist: "Jana" };
    const refusal = (start: string, why: string) => ({ ok: false, error: `${start} cannot be booked: ${why}. Use find_free_slots for a free time.` });

    expect(await tool("book_appointment", { ...booking, start: `${after(6)} 10:00` })).toEqual(refusal(`${after(6)} 10:00`, "the salon is closed on Sundays"));
    expect(await tool("book_appointment", { ...booking, start: `${monday} 19:30` })).toEqual(
      refusal(`${monday} 19:30`, "the salon is open only 09:00-18:00 that day, and the appointment takes 45 minutes"),
    );
    expect(await tool("book_appointment", { ...booking, start: `${monday} 12:30` })).toEqual(refusal(`${monday} 12:30`, "Jana Nováková has a break 13:00-14:00"));
    expect(await tool("book_appointment", { ...booking, start: `${monday} 16:30` })).toEqual(
      refusal(`${monday} 16:30`, "Jana Nováková works only 09:00-17:00 that day, and the appointment takes 45 minutes"),
    );
    expect(await tool("book_appointment", { ...booking, start: `${after(1)} 10:00` })).toEqual(
      refusal(`${after(1)} 10:00`, `Jana Nováková is away (time off) from ${after(1)} to ${after(2)}`),
    );
    // Asked for nobody in particular, the answer is about everyone.
    expect(await tool("book_appointment", { ...booking, stylist: undefined, start: `${monday} 13:15` })).toEqual(
      refusal(`${monday} 13:15`, "no stylist works at that time"),
    );
    expect(await tool("book_appointment", { ...booking, start: "2020-01-06 10:00" })).toEqual(refusal("2020-01-06 10:00", "that time has already passed"));
    expect(await tool("book_appointment", { ...booking, start: `${monday} 10:05` })).toEqual(
      refusal(`${monday} 10:05`, "appointments start only at multiples of 15 minutes past the hour"),
    );
    expect(await sql`select 1 from appointments where stylist_id = ${jana}`).toHaveLength(0);

    // The owner may book the closed Sunday from the dashboard on purpose.
    const bySalon = await owner.call("/api/dashboard/appointments", {
      body: {
        customer_name: "Eva Malá",
        stylist: jana,
        start_datetime: `${after(6)}T09:00:00Z`,
        end_datetime: `${after(6)}T10:30:00Z`,
        services: [{ service: colouring, price_at_booking: 80, duration_at_booking: 90 }],
      },
    });
    expect(bySalon.status).toBe(201);

    // A time inside all of them is booked; moving it into the break is refused the same way.
    const booked = await tool("book_appointment", { ...booking, start: `${monday} 14:00` });
    expect(booked).toMatchObject({ ok: true, result: { booked: true, start: `${monday} 14:00`, end: `${monday} 14:45`, stylist: "Jana Nováková" } });
    expect(await tool("reschedule_appointment", { customer_name: "Eva Malá", customer_phone: CALLER, new_start: `${monday} 13:00` })).toEqual(
      refusal(`${monday} 13:00`, "Jana Nováková has a break 13:00-14:00"),
    );
  });

  it("name the services and stylists there are when the model asks for one there is not", async () => {
    const { tool } = await salonTools();
    expect(await tool("find_free_slots", { date: nextMonday(), services: ["Perm"] })).toEqual({
      ok: false,
      error: 'There is no service called "Perm". The services are: Colouring, Haircut.',
    });
    expect(await tool("find_free_slots", { date: nextMonday(), services: ["Haircut"], stylist: "Petr" })).toEqual({
      ok: false,
      error: 'No stylist called "Petr" works here. The stylists are: Jana Nováková.',
    });
    expect(await tool("find_free_slots", { date: "2020-01-06", services: ["Haircut"] })).toEqual({
      ok: true,
      result: { slots: [], message: "Nothing is free in the 14 days from 2020-01-06. Offer a later date, or another stylist if one was asked for." },
    });
  });

  it("find, move and cancel only the caller's own appointments, and say what to ask when that is unclear", async () => {
    const { owner, tool, colouring } = await salonTools();
    const monday = nextMonday();
    const caller = { customer_name: "Eva Malá", customer_phone: CALLER };
    expect(await tool("cancel_appointment", caller)).toEqual({
      ok: false,
      error: "No upcoming appointment was found for this name and phone number. Check both with the caller.",
    });
    await tool("book_appointment", { ...caller, services: ["Haircut"], start: `${monday} 09:00` });
    const coloured = await tool("book_appointment", { ...caller, services: ["Colouring"], start: `${monday} 14:00` });
    expect(await tool("reschedule_appointment", { ...caller, new_start: `${monday} 11:00` })).toEqual({
      ok: false,
      error: "The caller has several upcoming appointments; ask which one and pass its appointment_id.",
    });
    expect(await tool("cancel_appointment", { ...caller, appointment_id: crypto.randomUUID() })).toEqual({
      ok: false,
      error: "That appointment_id is not one of the caller's upcoming appointments; use find_appointments.",
    });

    // The salon stops offering colouring: that appointment moves all the same, keeping its
    // service as booked, its price and its note: a move changes nothing but stylist and time.
    expect((await owner.call(`/api/dashboard/services/${colouring}`, { method: "DELETE" })).status).toBe(204);
    const appointmentId = (coloured as { result: { appointment_id: string } }).result.appointment_id;
    await sql`update appointments set notes = 'Allergic to ammonia' where id = ${appointmentId}`;
    const before = (await owner.call(`/api/dashboard/appointments/${appointmentId}`)).json;
    expect(await tool("reschedule_appointment", { ...caller, appointment_id: appointmentId, new_start: `${monday} 11:00` })).toMatchObject({
      ok: true,
      result: { rescheduled: true, previous_start: `${monday} 14:00`, start: `${monday} 11:00` },
    });
    const after = (await owner.call(`/api/dashboard/appointments/${appointmentId}`)).json;
    expect(after).toMatchObject({ services: before.services, notes: "Allergic to ammonia", version: (before.version as number) + 1 });
  });

  it("on a phone call, book and find by the number the caller is calling from when the model leaves it out", async () => {
    const { tool } = await salonTools(CALLER);
    const monday = nextMonday();
    const booked = await tool("book_appointment", { customer_name: "Eva Malá", services: ["Haircut"], start: `${monday} 10:00` });
    expect(booked).toMatchObject({ ok: true, result: { booked: true, customer_name: "Eva Malá" } });
    const appointmentId = (booked as { result: { appointment_id: string } }).result.appointment_id;
    const [row] = await sql`select customer_phone from appointments where id = ${appointmentId}`;
    expect(row?.customer_phone).toBe(CALLER);
    expect(await tool("find_appointments", { customer_name: "Eva Malá" })).toMatchObject({
      ok: true,
      result: { appointments: [{ appointment_id: appointmentId, start: `${monday} 10:00` }] },
    });
    // A number the caller gives instead is the one used.
    expect(await tool("find_appointments", { customer_name: "Eva Malá", customer_phone: "+420 601 000 111" })).toEqual({ ok: true, result: { appointments: [] } });
  });

  it("put a caller on the waiting list with their days and hours, in the language they speak, the salon's week filling in what they left open", async () => {
    const { tool, jana, ctx } = await salonTools(CALLER);
    const czech: ToolContext = { ...ctx, callerLanguage: () => "cs" };
    const added = await runTool(czech, "add_to_waitlist", JSON.stringify({
      customer_name: "Eva Malá",
      services: ["colouring"],
      stylist: "Jana",
      weekdays: ["tuesday", "thursday"],
      earliest: "14:00",
    }));
    expect(added).toMatchObject({
      ok: true,
      result: { on_waitlist: true, services: ["Colouring"], stylist: "Jana Nováková", weekdays: ["tuesday", "thursday"], hours: "14:00-18:00" },
    });
    const [entry] = await sql<{ phone: string; source: string; language: string; stylist_id: string; until_date: string; client_id: string | null }[]>`
      select phone, source, language, stylist_id, (until_date - from_date)::int as until_date, client_id from client_waitlist where phone = ${CALLER} order by created_at desc limit 1`;
    expect(entry).toMatchObject({ phone: CALLER, source: "voice", language: "cs", stylist_id: jana, until_date: 30 });
    expect(entry!.client_id).not.toBeNull();

    // Nothing open at all: the salon's whole week, its opening to its closing.
    expect(await tool("add_to_waitlist", { customer_name: "Petr Malý", customer_phone: "+420 601 222 333", services: ["Haircut"] })).toMatchObject({
      ok: true,
      result: { stylist: "anyone", weekdays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"], hours: "09:00-18:00" },
    });
    // A wish that cannot hold is explained, not stored.
    expect(await tool("add_to_waitlist", { customer_name: "Eva Malá", services: ["Haircut"], earliest: "17:00", latest: "10:00" })).toMatchObject({ ok: false });
    expect(await tool("add_to_waitlist", { customer_name: "Eva Malá", services: ["Haircut"], until_date: "2099-01-01" })).toEqual({
      ok: false,
      error: "A wish may last at most 180 days. Ask the caller for a nearer last day.",
    });
  });

  it("ask for the caller's number on a call that has none", async () => {
    const { tool } = await salonTools(null);
    expect(await tool("book_appointment", { customer_name: "Eva Malá", services: ["Haircut"], start: `${nextMonday()} 10:00` })).toEqual({
      ok: false,
      error: "The caller's phone number is not known on this call. Ask for it and pass it as customer_phone.",
    });
    expect(await tool("find_appointments", { customer_name: "Eva Malá" })).toEqual({
      ok: false,
      error: "The caller's phone number is not known on this call. Ask for it and pass it as customer_phone.",
    });
  });

  it("answer an unknown tool, bad arguments and an unreachable calendar with words the model can act on", async () => {
    const { tool } = await salonTools();
    expect(await tool("order_pizza", {})).toEqual({ ok: false, error: "There is no tool called order_pizza." });
    expect(await tool("find_free_slots", { date: "7.12.2026", services: ["Haircut"] })).toEqual({
      ok: false,
      error: "Invalid arguments (date: use the form YYYY-MM-DD).",
    });
    expect(await tool("book_appointment", { customer_name: "Eva", customer_phone: "call me", services: ["Haircut"], start: `${nextMonday()} 10:00` })).toEqual({
      ok: false,
      error: "Invalid arguments (customer_phone: not a phone number: give the caller's number, with its country code when known).",
    });

    const gone: ToolContext = { db: database(bindings), salonId: crypto.randomUUID(), ownerId: crypto.randomUUID(), timeZone: "Europe/Prague", country: "CZ", callerNumber: null, ...withoutMessages };
    expect(await runTool(gone, "get_salon_details", "{}")).toEqual({ ok: false, error: "The salon's details are not available." });

    const offline: ToolContext = {
      db: database({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }),
      salonId: crypto.randomUUID(),
      ownerId: crypto.randomUUID(),
      timeZone: "Europe/Prague",
      country: "CZ",
      callerNumber: null,
      ...withoutMessages,
    };
    expect(await runTool(offline, "list_services", "{}")).toEqual({
      ok: false,
      error: "The salon's calendar could not be reached just now. Apologise, and offer that the salon calls the caller back.",
    });
  });
});
