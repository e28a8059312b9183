import type { RealtimeFunctionTool } from "openai/resources/realtime/realtime";
import type { TransactionSql } from "postgres";
import { z } from "zod/mini";
import { weekdayName } from "../../contract/assistant-instructions.ts";
import { WEEKDAYS, type BusinessHours } from "../../contract/salon.ts";
import { isoDate, wallTime, zonedInstant } from "../../contract/time-zone.ts";
import { InvalidAppointment, isOverlap, listAppointments, writeAppointment } from "../appointments/store.ts";
import { findFreeSlots } from "../availability/load.ts";
import { inTenant, type Database } from "../db.ts";

/**
 * The receptionist's tools: what the speech model may call during a call, and how each runs
 * against the salon's data. Times go to and from the model as the salon's wall clock
 * ("2026-11-24 14:30"), the way a caller speaks of them. Arguments are checked here; a
 * problem becomes an error the model reads, never a failed call.
 */

/** Whom and where the tools act for: the salon bound through its owner (row-level security). */
export interface ToolContext {
  db: Database;
  salonId: string;
  ownerId: string;
  timeZone: string;
}

/** What a tool call came to: a result for the model, or an error it should explain or fix. */
export type ToolOutcome = { ok: true; result: unknown } | { ok: false; error: string };

/** Tools the call session answers itself, because they act on the call rather than on data. */
export const CALL_CONTROL_TOOLS = { handOver: "transfer_to_human", endCall: "end_call" } as const;

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const SEARCH_DAYS = 14;
const MAX_SLOTS = 12;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const localTime = z.string().check(z.regex(LOCAL_TIME, { error: "use the form YYYY-MM-DD HH:MM" }));
const phone = z.string().check(z.regex(/^\+?[\d\s\-()./]{6,24}$/, { error: "a phone number has 6 to 15 digits" }));
const serviceNames = z.array(text(120)).check(z.minLength(1), z.maxLength(5));

const caller = { customer_name: text(120), customer_phone: phone };

const argumentSchemas = {
  get_salon_details: z.object({}),
  list_services: z.object({}),
  find_free_slots: z.object({
    date: z.string().check(z.regex(LOCAL_DATE, { error: "use the form YYYY-MM-DD" })),
    services: serviceNames,
    stylist: z.optional(text(160)),
  }),
  book_appointment: z.object({ ...caller, services: serviceNames, start: localTime, stylist: z.optional(text(160)), notes: z.optional(text(500)) }),
  find_appointments: z.object(caller),
  reschedule_appointment: z.object({ ...caller, appointment_id: z.optional(z.string()), new_start: localTime, stylist: z.optional(text(160)) }),
  cancel_appointment: z.object({ ...caller, appointment_id: z.optional(z.string()) }),
  [CALL_CONTROL_TOOLS.handOver]: z.object({ reason: z.optional(text(500)) }),
  [CALL_CONTROL_TOOLS.endCall]: z.object({}),
};
export type ToolName = keyof typeof argumentSchemas;

const callerProperties = {
  customer_name: { type: "string", description: "The caller's full name as they gave it." },
  customer_phone: { type: "string", description: "The caller's phone number, with country code when known." },
};
const localTimeProperty = (what: string) => ({ type: "string", description: `${what}, the salon's local time, as YYYY-MM-DD HH:MM.` });
const servicesProperty = { type: "array", items: { type: "string" }, description: "Names of the services, as list_services gives them." };
const stylistProperty = { type: "string", description: "A stylist's name, only if the caller asked for one." };
const appointmentIdProperty = { type: "string", description: "The appointment_id from find_appointments, when the caller has several." };

const fn = (name: ToolName, description: string, properties: Record<string, unknown> = {}, required: string[] = []): RealtimeFunctionTool => ({
  type: "function",
  name,
  description,
  parameters: { type: "object", properties, required, additionalProperties: false },
});

/** The tools as the speech model sees them (session.update). */
export const TOOL_DEFINITIONS: RealtimeFunctionTool[] = [
  fn("get_salon_details", "The salon's address, contact details, opening hours, stylists, and today's date and time there."),
  fn("list_services", "The salon's services with duration in minutes and price in euros (a range when the price varies)."),
  fn(
    "find_free_slots",
    `Free start times for the given services on a date; when that day is full, the first later day with free times (up to ${SEARCH_DAYS} days).`,
    { date: { type: "string", description: "The day, YYYY-MM-DD." }, services: servicesProperty, stylist: stylistProperty },
    ["date", "services"],
  ),
  fn(
    "book_appointment",
    "Books the services at a start time after the caller agreed. Without a stylist, any free one is chosen.",
    { ...callerProperties, services: servicesProperty, start: localTimeProperty("The start"), stylist: stylistProperty, notes: { type: "string" } },
    ["customer_name", "customer_phone", "services", "start"],
  ),
  fn("find_appointments", "The caller's upcoming appointments, found by their name and phone number.", callerProperties, ["customer_name", "customer_phone"]),
  fn(
    "reschedule_appointment",
    "Moves one of the caller's upcoming appointments to a new start time, keeping its services.",
    { ...callerProperties, appointment_id: appointmentIdProperty, new_start: localTimeProperty("The new start"), stylist: stylistProperty },
    ["customer_name", "customer_phone", "new_start"],
  ),
  fn(
    "cancel_appointment",
    "Cancels one of the caller's upcoming appointments.",
    { ...callerProperties, appointment_id: appointmentIdProperty },
    ["customer_name", "customer_phone"],
  ),
  fn(CALL_CONTROL_TOOLS.handOver, "Hands the caller over to a person at the salon, when they ask for one or you cannot help.", {
    reason: { type: "string", description: "What the caller needs, in a few words." },
  }),
  fn(CALL_CONTROL_TOOLS.endCall, "Ends the call after you have said goodbye."),
];

/** Checks a tool call's JSON arguments; the error says what to fix. */
export function parseArguments<N extends ToolName>(name: N, json: string): { ok: true; args: z.infer<(typeof argumentSchemas)[N]> } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = json.trim() === "" ? {} : JSON.parse(json);
  } catch {
    return { ok: false, error: "The arguments are not valid JSON." };
  }
  const parsed = z.safeParse(argumentSchemas[name], value);
  if (parsed.success) return { ok: true, args: parsed.data as z.infer<(typeof argumentSchemas)[N]> };
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "arguments"}: ${issue.message}`);
  return { ok: false, error: `Invalid arguments (${problems.join("; ")}).` };
}

export const isToolName = (name: string): name is ToolName => Object.hasOwn(argumentSchemas, name);

/** A refusal the model should read and act on (ask again, offer another time). */
class ToolRefusal extends Error {}

interface ServiceRow {
  id: string;
  name: string;
  duration: number;
  price: number;
  min_price: number | null;
  max_price: number | null;
  description: string | null;
}
interface StylistRow {
  id: string;
  name: string;
}

const fold = (value: string) => value.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
const digits = (value: string) => value.replace(/\D/g, "");
/** Numbers match on their last nine digits, so "+420 777 123 456" is "777123456". */
const samePhone = (a: string | null, b: string) => a !== null && digits(a).slice(-9) === digits(b).slice(-9) && digits(b).length >= 6;
/** "Anna" finds "Anna Nováková"; "novakova anna" finds it too. */
const sameName = (stored: string | null, given: string) => {
  if (!stored) return false;
  const have = fold(stored).split(" ");
  return fold(given)
    .split(" ")
    .every((word) => have.includes(word));
};

function formatLocal(instant: number | Date, timeZone: string): string {
  const t = wallTime(new Date(instant), timeZone);
  return `${isoDate(t.year, t.month, t.day)} ${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}`;
}

function parseLocal(value: string, timeZone: string): Date {
  const [, year, month, day, hour, minute] = LOCAL_TIME.exec(value)!.map(Number);
  return zonedInstant({ year: year!, month: month!, day: day!, hour: hour!, minute: minute! }, timeZone);
}

function localDayStart(value: string, timeZone: string): Date {
  const [, year, month, day] = LOCAL_DATE.exec(value)!.map(Number);
  return zonedInstant({ year: year!, month: month!, day: day!, hour: 0, minute: 0 }, timeZone);
}

async function loadServices(tx: TransactionSql, salonId: string) {
  return tx<ServiceRow[]>`
    select id, name, duration, price::float8 as price, min_price::float8 as min_price, max_price::float8 as max_price, description
    from services where salon_id = ${salonId} order by name`;
}

async function loadStylists(tx: TransactionSql, salonId: string) {
  return tx<StylistRow[]>`
    select id, first_name || ' ' || last_name as name from stylists where salon_id = ${salonId} and is_active order by first_name, last_name`;
}

async function pickServices(tx: TransactionSql, salonId: string, names: string[]) {
  const services = await loadServices(tx, salonId);
  return names.map((name) => {
    const wanted = fold(name);
    const found = services.find((s) => fold(s.name) === wanted) ?? services.find((s) => fold(s.name).includes(wanted) || wanted.includes(fold(s.name)));
    if (!found) throw new ToolRefusal(`There is no service called "${name}". The services are: ${services.map((s) => s.name).join(", ")}.`);
    return found;
  });
}

async function pickStylist(tx: TransactionSql, salonId: string, name: string | undefined) {
  if (!name) return undefined;
  const stylists = await loadStylists(tx, salonId);
  const found = stylists.find((s) => sameName(s.name, name));
  if (!found) throw new ToolRefusal(`No stylist called "${name}" works here. The stylists are: ${stylists.map((s) => s.name).join(", ")}.`);
  return found;
}

async function callersAppointments(tx: TransactionSql, ctx: ToolContext, name: string, phone: string) {
  const upcoming = await listAppointments(tx, ctx.salonId, { from: new Date() });
  return upcoming.filter((a) => samePhone(a.customer_phone, phone) && sameName(a.customer_name, name));
}

async function oneAppointment(tx: TransactionSql, ctx: ToolContext, args: { customer_name: string; customer_phone: string; appointment_id?: string }) {
  const found = await callersAppointments(tx, ctx, args.customer_name, args.customer_phone);
  if (found.length === 0) throw new ToolRefusal("No upcoming appointment was found for this name and phone number. Check both with the caller.");
  if (args.appointment_id) {
    const chosen = found.find((a) => a.id === args.appointment_id);
    if (!chosen) throw new ToolRefusal("That appointment_id is not one of the caller's upcoming appointments; use find_appointments.");
    return chosen;
  }
  if (found.length > 1) throw new ToolRefusal("The caller has several upcoming appointments; ask which one and pass its appointment_id.");
  return found[0]!;
}

/** Stylist who is free for `duration` minutes from `start` (the named one, or the first free). */
async function freeStylistAt(tx: TransactionSql, ctx: ToolContext, start: Date, duration: number, stylist: StylistRow | undefined, ignore?: string) {
  const slots = await findFreeSlots(tx, ctx.salonId, {
    from: start,
    to: new Date(start.getTime() + 60_000),
    duration,
    stylistId: stylist?.id,
    notBefore: new Date(),
    ignoreAppointmentId: ignore,
  });
  const slot = slots.find((s) => s.start === start.getTime());
  if (!slot) {
    const who = stylist ? `${stylist.name} is` : "no stylist is";
    throw new ToolRefusal(`${formatLocal(start, ctx.timeZone)} is not available: ${who} free then, or it is outside the opening hours or in the past. Use find_free_slots.`);
  }
  return slot.stylistId;
}

const appointmentSummary = (ctx: ToolContext, a: Awaited<ReturnType<typeof listAppointments>>[number]) => ({
  appointment_id: a.id,
  start: formatLocal(new Date(a.start_datetime), ctx.timeZone),
  end: formatLocal(new Date(a.end_datetime), ctx.timeZone),
  services: a.services.map((line) => line.service_name),
  stylist: a.stylist_name,
  customer_name: a.customer_name,
});

type Executor = (tx: TransactionSql, ctx: ToolContext, args: never) => Promise<unknown>;

const executors: Partial<Record<ToolName, Executor>> = {
  async get_salon_details(tx, ctx) {
    const [salon] = await tx<
      { name: string; address: string | null; city: string | null; state: string | null; postal_code: string | null; country: string | null;
        phone: string | null; email: string | null; website: string | null; description: string | null; business_hours: BusinessHours }[]
    >`select name, address, city, state, postal_code, country, phone, email, website, description, business_hours from salons where id = ${ctx.salonId}`;
    if (!salon) throw new ToolRefusal("The salon's details are not available.");
    const now = new Date();
    return {
      name: salon.name,
      address: [salon.address, [salon.postal_code, salon.city].filter(Boolean).join(" "), salon.state, salon.country].filter(Boolean).join(", ") || null,
      phone: salon.phone,
      email: salon.email,
      website: salon.website,
      description: salon.description,
      opening_hours: Object.fromEntries(
        WEEKDAYS.map((day) => {
          const hours = salon.business_hours[`${day}`];
          return [weekdayName(day, "en"), hours ? `${hours.open}-${hours.close}` : "closed"];
        }),
      ),
      stylists: (await loadStylists(tx, ctx.salonId)).map((s) => s.name),
      now: `${formatLocal(now, ctx.timeZone)} (${new Intl.DateTimeFormat("en", { weekday: "long", timeZone: ctx.timeZone }).format(now)})`,
    };
  },

  async list_services(tx, ctx) {
    return (await loadServices(tx, ctx.salonId)).map((s) => ({
      name: s.name,
      duration_minutes: s.duration,
      price_eur: s.price,
      ...(s.min_price !== null && s.max_price !== null ? { price_range_eur: [s.min_price, s.max_price] } : {}),
      description: s.description,
    }));
  },

  async find_free_slots(tx, ctx, args: z.infer<typeof argumentSchemas.find_free_slots>) {
    const services = await pickServices(tx, ctx.salonId, args.services);
    const stylist = await pickStylist(tx, ctx.salonId, args.stylist);
    const duration = services.reduce((sum, s) => sum + s.duration, 0);
    const stylists = new Map((await loadStylists(tx, ctx.salonId)).map((s) => [s.id, s.name]));
    const from = localDayStart(args.date, ctx.timeZone);
    const DAY = 86_400_000;
    // One day at a time, so a free morning tomorrow is not buried under next week's.
    for (let day = 0; day < SEARCH_DAYS; day++) {
      const start = new Date(from.getTime() + day * DAY);
      const slots = await findFreeSlots(tx, ctx.salonId, { from: start, to: new Date(start.getTime() + DAY), duration, stylistId: stylist?.id, notBefore: new Date() });
      if (slots.length === 0) continue;
      return {
        date: formatLocal(start, ctx.timeZone).slice(0, 10),
        requested_date_full: day > 0,
        duration_minutes: duration,
        slots: spread(slots, MAX_SLOTS).map((slot) => ({ start: formatLocal(slot.start, ctx.timeZone).slice(11), stylist: stylists.get(slot.stylistId) })),
      };
    }
    return { slots: [], message: `Nothing is free in the ${SEARCH_DAYS} days from ${args.date}.` };
  },

  async book_appointment(tx, ctx, args: z.infer<typeof argumentSchemas.book_appointment>) {
    const services = await pickServices(tx, ctx.salonId, args.services);
    const stylist = await pickStylist(tx, ctx.salonId, args.stylist);
    const start = parseLocal(args.start, ctx.timeZone);
    const duration = services.reduce((sum, s) => sum + s.duration, 0);
    const stylistId = await freeStylistAt(tx, ctx, start, duration, stylist);
    const id = await writeAppointment(
      tx,
      ctx.salonId,
      {
        customer_name: args.customer_name,
        customer_phone: args.customer_phone,
        stylist: stylistId,
        start_datetime: start.toISOString(),
        end_datetime: new Date(start.getTime() + duration * 60_000).toISOString(),
        notes: args.notes ?? null,
        services: services.map((s) => ({ service: s.id, price_at_booking: null, duration_at_booking: null })),
      },
      { source: "voice" },
    );
    const [booked] = await listAppointments(tx, ctx.salonId, { id: id! });
    return { booked: true, ...appointmentSummary(ctx, booked!) };
  },

  async find_appointments(tx, ctx, args: z.infer<typeof argumentSchemas.find_appointments>) {
    const found = await callersAppointments(tx, ctx, args.customer_name, args.customer_phone);
    return { appointments: found.map((a) => appointmentSummary(ctx, a)) };
  },

  async reschedule_appointment(tx, ctx, args: z.infer<typeof argumentSchemas.reschedule_appointment>) {
    const current = await oneAppointment(tx, ctx, args);
    if (current.services.some((line) => !line.service_id)) {
      throw new ToolRefusal("A service of this appointment is no longer offered, so it cannot be moved by phone; offer a hand-over to the salon.");
    }
    const stylist = args.stylist ? await pickStylist(tx, ctx.salonId, args.stylist) : { id: current.stylist!, name: current.stylist_name };
    const start = parseLocal(args.new_start, ctx.timeZone);
    const duration = (Date.parse(current.end_datetime) - Date.parse(current.start_datetime)) / 60_000;
    const stylistId = await freeStylistAt(tx, ctx, start, duration, stylist, current.id);
    await writeAppointment(
      tx,
      ctx.salonId,
      {
        customer_name: current.customer_name,
        customer_phone: current.customer_phone,
        stylist: stylistId,
        start_datetime: start.toISOString(),
        end_datetime: new Date(start.getTime() + duration * 60_000).toISOString(),
        notes: null,
        services: current.services.map((line) => ({ service: line.service_id!, price_at_booking: line.price_at_booking, duration_at_booking: line.duration_at_booking })),
      },
      { id: current.id },
    );
    const [moved] = await listAppointments(tx, ctx.salonId, { id: current.id });
    return { rescheduled: true, previous_start: formatLocal(new Date(current.start_datetime), ctx.timeZone), ...appointmentSummary(ctx, moved!) };
  },

  async cancel_appointment(tx, ctx, args: z.infer<typeof argumentSchemas.cancel_appointment>) {
    const current = await oneAppointment(tx, ctx, args);
    await tx`update appointments set status = 'cancelled', cancelled_at = now(), updated_at = now()
             where id = ${current.id} and salon_id = ${ctx.salonId} and status = 'booked'`;
    return { cancelled: true, ...appointmentSummary(ctx, current) };
  },
};

/** At most `count` slots, spread over the day rather than the first few minutes of it. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const every = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * every)]!);
}

/** Runs one data tool in a transaction of the salon; refusals and bad arguments become errors for the model. */
export async function runTool(ctx: ToolContext, name: string, json: string): Promise<ToolOutcome> {
  if (!isToolName(name) || !executors[name]) return { ok: false, error: `There is no tool called ${name}.` };
  const parsed = parseArguments(name, json);
  if (!parsed.ok) return parsed;
  try {
    const result = await ctx.db((sql) => inTenant(sql, ctx.salonId, (tx) => executors[name]!(tx, ctx, parsed.args as never), ctx.ownerId));
    return { ok: true, result };
  } catch (error) {
    if (error instanceof ToolRefusal) return { ok: false, error: error.message };
    if (isOverlap(error)) return { ok: false, error: "That time was just taken. Offer the caller another time (use find_free_slots)." };
    if (error instanceof InvalidAppointment) return { ok: false, error: "The stylist or a service is no longer available; check list_services and get_salon_details." };
    console.error(`tool ${name} failed`, error);
    return { ok: false, error: "The salon's calendar could not be reached just now. Apologise and offer that the salon calls back." };
  }
}
