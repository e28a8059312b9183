import type { Appointment } from "../../../contract/appointments.ts";
import { weekdayName } from "../../../contract/assistant-instructions.ts";
import { DEFAULT_CURRENCY } from "../../../contract/currency.ts";
import type { Language } from "../../../contract/languages.ts";
import { samePhone, type CountryCode } from "../../../contract/phone.ts";
import { WEEKDAYS } from "../../../contract/salon.ts";
import { fold } from "../../../contract/text.ts";
import { addDays, dayOf, DAY_MS, isoDate, wallTime, zonedInstant } from "../../../contract/time-zone.ts";
import { findFreeSlots, findSlotAt } from "../../appointments/availability/find.ts";
import { cancelAndConfirm, moveAndConfirm, saveAndConfirm } from "../../appointments/changes.ts";
import type { ClientMessaging } from "../../clients/messaging/compose.ts";
import { listAppointments } from "../../data/appointments.ts";
import type { Database } from "../../data/db.ts";
import { DataError } from "../../data/errors.ts";
import { searchFaq } from "../../data/questions.ts";
import { salonProfile } from "../../data/salons.ts";
import { listServices } from "../../data/services.ts";
import { activeStylists, type NamedStylist } from "../../data/stylists.ts";
import { withTenant, type TenantScope } from "../../data/tenant.ts";
import { callTenant, type CallOwner } from "./call-plan.ts";
import { unbookableText } from "./unbookable-text.ts";
import { isToolName, LOCAL_DATE, LOCAL_TIME, parseArguments, SEARCH_DAYS, WEEKDAY_NAMES, type ToolArguments, type ToolName } from "./tool-schemas.ts";
import { waitlistEntrySchema } from "../../../contract/outreach.ts";
import { createWaitlistEntry } from "../../data/waitlist.ts";

/**
 * How each of the receptionist's tools (tool-schemas.ts) runs against the salon's data.
 * Times go to and from the model as the salon's wall clock ("2026-11-24 14:30"). A problem
 * becomes an error the model reads, never a failed call.
 */

/** Whom and where the tools act for: the salon, through its owner (row-level security). */
export interface ToolContext extends CallOwner {
  db: Database;
  timeZone: string;
  /** Where a caller's number written without its country code is read (the salon's country). */
  country: CountryCode | undefined;
  /** The number a phone caller is calling from (Twilio's `From`); null on a browser call or a withheld number. */
  callerNumber: string | null;
  /** How clients hear of what the tools book, move and cancel; null where nobody may be written to (the public demo). */
  messaging: ClientMessaging | null;
  /** The language the caller speaks now: a new client's messages come in it. */
  callerLanguage: () => Language;
  /** Sends the messages a tool's change queued, once its transaction has committed. */
  sendMessages: (ids: string[]) => void;
}

/** What a tool call came to: a result for the model, or an error it should explain or fix. */
export type ToolOutcome = { ok: true; result: unknown } | { ok: false; error: string };

const MAX_SLOTS = 12;

/** What the model is told when it asks to hand the caller over to a person (the call session answers that tool). */
export const HAND_OVER = {
  transferring: "Tell the caller in one short sentence that you are putting them through now.",
  inBrowser: (salonPhone: string | null) =>
    `This call is in a web browser, so it cannot be put through to a person. Explain that briefly${salonPhone ? `, give the salon's number ${salonPhone}` : ""}, and say goodbye.`,
  noTransferNumber: (salonPhone: string | null) =>
    `The salon has set no number for putting callers through, so nobody can take over this call. Say so${
      salonPhone ? `, give the salon's number ${salonPhone}` : ""
    }, and offer what you can do: booking, moving or cancelling an appointment, or answering questions about the salon.`,
};

/** A refusal the model should read and act on (ask again, offer another time). */
class ToolRefusal extends Error {}

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

async function pickServices(scope: TenantScope, names: string[]) {
  const services = await listServices(scope);
  return names.map((name) => {
    const wanted = fold(name);
    const found = services.find((s) => fold(s.name) === wanted) ?? services.find((s) => fold(s.name).includes(wanted) || wanted.includes(fold(s.name)));
    if (!found) throw new ToolRefusal(`There is no service called "${name}". The services are: ${services.map((s) => s.name).join(", ")}.`);
    return found;
  });
}

function pickStylist(stylists: NamedStylist[], name: string) {
  const found = stylists.find((s) => sameName(s.name, name));
  if (!found) throw new ToolRefusal(`No stylist called "${name}" works here. The stylists are: ${stylists.map((s) => s.name).join(", ")}.`);
  return found;
}

/** The number the model gave, else the one the caller is calling from. */
function callersPhone(ctx: ToolContext, given: string | undefined): string {
  const phone = given ?? ctx.callerNumber;
  if (!phone) throw new ToolRefusal("The caller's phone number is not known on this call. Ask for it and pass it as customer_phone.");
  return phone;
}

async function callersAppointments(scope: TenantScope, ctx: ToolContext, name: string, given: string | undefined) {
  const phone = callersPhone(ctx, given);
  const upcoming = await listAppointments(scope, { from: new Date() });
  return upcoming.filter((a) => samePhone(a.customer_phone, phone, ctx.country) && sameName(a.customer_name, name));
}

async function oneAppointment(scope: TenantScope, ctx: ToolContext, args: { customer_name: string; customer_phone?: string; appointment_id?: string }) {
  const found = await callersAppointments(scope, ctx, args.customer_name, args.customer_phone);
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
async function freeStylistAt(scope: TenantScope, ctx: ToolContext, start: Date, duration: number, stylist: NamedStylist | undefined, ignore?: string) {
  const found = await findSlotAt(scope, { duration, stylistId: stylist?.id, notBefore: new Date(), ignoreAppointmentId: ignore }, start);
  if ("why" in found) {
    throw new ToolRefusal(
      `${formatLocal(start, ctx.timeZone)} cannot be booked: ${unbookableText(found.why, stylist?.name, duration)}. Use find_free_slots for a free time.`,
    );
  }
  return found.slot.stylistId;
}

/** An appointment as the tools tell the model of it. */
export const appointmentSummary = (ctx: ToolContext, a: Appointment) => ({
  appointment_id: a.id,
  start: formatLocal(new Date(a.start_datetime), ctx.timeZone),
  end: formatLocal(new Date(a.end_datetime), ctx.timeZone),
  services: a.services.map((line) => line.service_name),
  stylist: a.stylist_name,
  customer_name: a.customer_name,
});

/** `queued` collects the ids of the client messages a tool's change wrote. */
type Executors = { [N in ToolName]?: (scope: TenantScope, ctx: ToolContext, args: ToolArguments<N>, queued: string[]) => Promise<unknown> };

/** The FAQ entries get_salon_faq gives for one question. */
const FAQ_MATCHES = 3;

const executors: Executors = {
  async get_salon_faq(scope, _ctx, { question }) {
    const answers = await searchFaq(scope, question, FAQ_MATCHES);
    return answers.length > 0 ? { answers } : { answers: [], note: "The salon has not answered this. Say you do not know, and offer that the salon gets back to the caller." };
  },
  async get_salon_details(scope, ctx) {
    const salon = await salonProfile(scope);
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
      stylists: (await activeStylists(scope)).map((s) => s.name),
      now: `${formatLocal(now, ctx.timeZone)} (${new Intl.DateTimeFormat("en", { weekday: "long", timeZone: ctx.timeZone }).format(now)})`,
    };
  },

  async list_services(scope) {
    const [services, salon] = await Promise.all([listServices(scope), salonProfile(scope)]);
    // Amounts with their currency's code, so the model says crowns for a Czech salon's prices.
    const currency = salon?.currency ?? DEFAULT_CURRENCY;
    return services.map((s) => ({
      name: s.name,
      duration_minutes: s.duration,
      price: s.price,
      ...(s.min_price !== null && s.max_price !== null ? { price_range: [s.min_price, s.max_price] } : {}),
      currency,
      description: s.description,
    }));
  },

  async find_free_slots(scope, ctx, args) {
    const services = await pickServices(scope, args.services);
    const active = await activeStylists(scope);
    const stylist = args.stylist ? pickStylist(active, args.stylist) : undefined;
    const duration = services.reduce((sum, s) => sum + s.duration, 0);
    const stylists = new Map(active.map((s) => [s.id, s.name]));
    const from = localDayStart(args.date, ctx.timeZone);
    // One day at a time, so a free morning tomorrow is not buried under next week's.
    for (let day = 0; day < SEARCH_DAYS; day++) {
      const start = new Date(from.getTime() + day * DAY_MS);
      const slots = await findFreeSlots(scope, { from: start, to: new Date(start.getTime() + DAY_MS), duration, stylistId: stylist?.id, notBefore: new Date() });
      if (slots.length === 0) continue;
      return {
        date: formatLocal(start, ctx.timeZone).slice(0, 10),
        requested_date_full: day > 0,
        duration_minutes: duration,
        slots: spread(slots, MAX_SLOTS).map((slot) => ({ start: formatLocal(slot.start, ctx.timeZone).slice(11), stylist: stylists.get(slot.stylistId) })),
      };
    }
    return { slots: [], message: `Nothing is free in the ${SEARCH_DAYS} days from ${args.date}. Offer a later date, or another stylist if one was asked for.` };
  },

  async book_appointment(scope, ctx, args, queued) {
    const services = await pickServices(scope, args.services);
    const stylist = args.stylist ? pickStylist(await activeStylists(scope), args.stylist) : undefined;
    const start = parseLocal(args.start, ctx.timeZone);
    const duration = services.reduce((sum, s) => sum + s.duration, 0);
    const stylistId = await freeStylistAt(scope, ctx, start, duration, stylist);
    const { appointment: booked, queued: written } = await saveAndConfirm(
      scope,
      ctx.messaging,
      {
        customer_name: args.customer_name,
        customer_phone: callersPhone(ctx, args.customer_phone),
        stylist: stylistId,
        start_datetime: start.toISOString(),
        end_datetime: new Date(start.getTime() + duration * 60_000).toISOString(),
        notes: args.notes ?? null,
        services: services.map((s) => ({ service: s.id, price_at_booking: null, duration_at_booking: null })),
      },
      { source: "voice", clientLanguage: ctx.callerLanguage() },
    );
    queued.push(...written);
    return { booked: true, ...appointmentSummary(ctx, booked) };
  },

  async find_appointments(scope, ctx, args) {
    const found = await callersAppointments(scope, ctx, args.customer_name, args.customer_phone);
    return { appointments: found.map((a) => appointmentSummary(ctx, a)) };
  },

  async reschedule_appointment(scope, ctx, args, queued) {
    const current = await oneAppointment(scope, ctx, args);
    const stylist = args.stylist ? pickStylist(await activeStylists(scope), args.stylist) : { id: current.stylist!, name: current.stylist_name };
    const start = parseLocal(args.new_start, ctx.timeZone);
    const duration = (Date.parse(current.end_datetime) - Date.parse(current.start_datetime)) / 60_000;
    const stylistId = await freeStylistAt(scope, ctx, start, duration, stylist, current.id);
    // A move, as the appointment was read: its services, prices and note stay as they are.
    const { appointment: moved, queued: written } = await moveAndConfirm(
      scope,
      ctx.messaging,
      current.id,
      { stylist: stylistId, start_datetime: start.toISOString(), end_datetime: new Date(start.getTime() + duration * 60_000).toISOString(), version: current.version },
      { via: "voice" },
    );
    queued.push(...written);
    return { rescheduled: true, previous_start: formatLocal(new Date(current.start_datetime), ctx.timeZone), ...appointmentSummary(ctx, moved) };
  },

  async add_to_waitlist(scope, ctx, args) {
    const services = await pickServices(scope, args.services);
    const stylist = args.stylist ? pickStylist(await activeStylists(scope), args.stylist) : undefined;
    const salon = await salonProfile(scope);
    const open = WEEKDAYS.flatMap((day) => (salon?.business_hours[`${day}`] ? [{ day, hours: salon.business_hours[`${day}`]! }] : []));
    // What the caller left open is the salon's week: the days it opens, from its earliest opening to its latest closing.
    const weekdays = args.weekdays ? args.weekdays.map((name) => WEEKDAY_NAMES.indexOf(name) + 1) : open.map(({ day }) => day + 1);
    const fromDate = args.from_date ?? dayOf(new Date(), ctx.timeZone);
    const wish = waitlistEntrySchema.safeParse({
      name: args.customer_name,
      phone: callersPhone(ctx, args.customer_phone),
      services: services.map((s) => s.id),
      stylist: stylist?.id ?? null,
      weekdays: [...new Set(weekdays)],
      from_time: args.earliest ?? open.map(({ hours }) => hours.open).sort()[0] ?? "08:00",
      until_time: args.latest ?? open.map(({ hours }) => hours.close).sort().at(-1) ?? "20:00",
      from_date: fromDate,
      until_date: args.until_date ?? addDays(fromDate, 30),
      note: null,
    });
    if (!wish.success) throw new ToolRefusal(`The wish cannot be kept as given (${wish.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}). Check the days, hours and dates with the caller.`);
    const entry = await createWaitlistEntry(scope, wish.data, "voice", ctx.callerLanguage()).catch((error: unknown) => {
      if (!(error instanceof DataError)) throw error;
      throw new ToolRefusal(
        error.options.code === "waitlist_full"
          ? "The salon's waiting list is full. Offer the caller the first free time instead, or to hand them over to the salon."
          : error.options.field === "until_date"
            ? "A wish may last at most 180 days. Ask the caller for a nearer last day."
            : "The phone number, a service or the stylist could not be taken; check them with the caller.",
      );
    });
    return {
      on_waitlist: true,
      services: entry.services.map((s) => s.name),
      stylist: entry.stylist_name ?? "anyone",
      weekdays: entry.weekdays.map((day) => WEEKDAY_NAMES[day - 1]),
      hours: `${entry.from_time}-${entry.until_time}`,
      from_date: entry.from_date,
      until_date: entry.until_date,
      note: "Tell the caller they will get a text when such a time comes free, and that the first to answer YES gets it.",
    };
  },

  async cancel_appointment(scope, ctx, args, queued) {
    const current = await oneAppointment(scope, ctx, args);
    queued.push(...(await cancelAndConfirm(scope, ctx.messaging, current.id, "voice")).queued);
    return { cancelled: true, ...appointmentSummary(ctx, current) };
  },
};

/** At most `count` slots, spread over the day rather than the first few minutes of it. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const every = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * every)]!);
}

/** What the model is told when the data layer refuses a tool's write. */
export function refusalOf(error: DataError): string {
  if (error.options.code === "overlap") return "That time was just taken. Offer the caller another time (use find_free_slots).";
  if (error.kind === "invalid") return "The stylist or a service is no longer available; check list_services and get_salon_details.";
  return "That appointment is no longer booked; use find_appointments.";
}

/** Runs one data tool in a transaction of the salon; refusals and bad arguments become errors for the model. */
export async function runTool(ctx: ToolContext, name: string, json: string): Promise<ToolOutcome> {
  if (!isToolName(name)) return { ok: false, error: `There is no tool called ${name}.` };
  const execute = executors[name] as ((scope: TenantScope, ctx: ToolContext, args: unknown, queued: string[]) => Promise<unknown>) | undefined;
  if (!execute) return { ok: false, error: `There is no tool called ${name}.` };
  const parsed = parseArguments(name, json);
  if (!parsed.ok) return parsed;
  try {
    // The messages a change writes go once its transaction has committed.
    const queued: string[] = [];
    const result = await withTenant(ctx.db, callTenant(ctx), (scope) => execute(scope, ctx, parsed.args, queued));
    ctx.sendMessages(queued);
    return { ok: true, result };
  } catch (error) {
    if (error instanceof ToolRefusal) return { ok: false, error: error.message };
    if (error instanceof DataError) return { ok: false, error: refusalOf(error) };
    console.error(`tool ${name} failed`, error);
    return { ok: false, error: "The salon's calendar could not be reached just now. Apologise, and offer that the salon calls the caller back." };
  }
}
