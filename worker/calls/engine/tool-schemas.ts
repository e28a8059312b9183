import type { RealtimeFunctionTool } from "openai/resources/realtime/realtime";
import { z } from "zod/mini";
import { phoneCheck } from "../../../contract/phone.ts";

/**
 * The receptionist's tools as the speech model sees them: each one's arguments are one zod
 * schema, which both checks what the model sends and, through zod's JSON Schema output, tells
 * the model what to send. Times are the salon's wall clock, the way a caller speaks of them.
 */

/** Tools the call session answers itself, because they act on the call rather than on data. */
export const CALL_CONTROL_TOOLS = { handOver: "transfer_to_human", endCall: "end_call" } as const;

export const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;
export const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** How far find_free_slots looks ahead when the asked-for day is full. */
export const SEARCH_DAYS = 14;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const localTime = (what: string) =>
  z.string().check(z.regex(LOCAL_TIME, { error: "use the form YYYY-MM-DD HH:MM" }), z.describe(`${what}, the salon's local time, as YYYY-MM-DD HH:MM.`));
const phone = z.string().check(phoneCheck("not a phone number: give the caller's number, with its country code when known"));
const services = z
  .array(text(120))
  .check(z.minLength(1), z.maxLength(5), z.describe("Names of the services, as list_services gives them."));
const stylist = z.optional(text(160).check(z.describe("A stylist's name, only if the caller asked for one.")));
const appointmentId = z.optional(z.string().check(z.describe("The appointment_id from find_appointments, when the caller has several.")));
const caller = {
  customer_name: text(120).check(z.describe("The caller's full name as they gave it.")),
  customer_phone: z.optional(
    phone.check(
      z.describe(
        "The caller's phone number, with country code when known. Leave it out to use the number they are calling from, once they have confirmed it; a browser call has none.",
      ),
    ),
  ),
};

export const WEEKDAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const clock = (what: string) => z.optional(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "use the form HH:MM" }), z.describe(what)));
const day = (what: string) => z.optional(z.string().check(z.regex(LOCAL_DATE, { error: "use the form YYYY-MM-DD" }), z.describe(what)));

const tool = <S extends z.core.$ZodLooseShape>(description: string, shape: S) => ({ description, arguments: z.object(shape) });

const TOOLS = {
  get_salon_details: tool("The salon's address, contact details, opening hours, stylists, and today's date and time there.", {}),
  list_services: tool("The salon's services with duration in minutes and price (a range when the price varies), in the currency named by its ISO code.", {}),
  get_salon_faq: tool("The salon's own answers to questions callers ask (parking, payment, products, policies, …) closest to this question.", {
    question: text(300).check(z.describe("The caller's question, in a few words.")),
  }),
  find_free_slots: tool(
    `Free start times for the given services on a date; when that day is full, the first later day with free times (up to ${SEARCH_DAYS} days).`,
    { date: z.string().check(z.regex(LOCAL_DATE, { error: "use the form YYYY-MM-DD" }), z.describe("The day, YYYY-MM-DD.")), services, stylist },
  ),
  book_appointment: tool("Books the services at a start time after the caller agreed. Without a stylist, any free one is chosen.", {
    ...caller,
    services,
    start: localTime("The start"),
    stylist,
    notes: z.optional(text(500)),
  }),
  find_appointments: tool("The caller's upcoming appointments, found by their name and phone number.", caller),
  reschedule_appointment: tool("Moves one of the caller's upcoming appointments to a new start time, keeping its services.", {
    ...caller,
    appointment_id: appointmentId,
    new_start: localTime("The new start"),
    stylist,
  }),
  cancel_appointment: tool("Cancels one of the caller's upcoming appointments.", { ...caller, appointment_id: appointmentId }),
  add_to_waitlist: tool(
    "Puts the caller on the salon's waiting list when no free time suits them, once they agree: when a time that fits comes free, they get a text and the first to answer YES has it.",
    {
      ...caller,
      services,
      stylist,
      weekdays: z.optional(
        z.array(z.enum(WEEKDAY_NAMES)).check(z.minLength(1), z.maxLength(7), z.describe("Days of the week the caller can come; leave out for any day the salon is open.")),
      ),
      earliest: clock("The earliest the appointment may start, HH:MM on the salon's clock; leave out for opening time."),
      latest: clock("The time by which it must be over, HH:MM; leave out for closing time."),
      from_date: day("The first day the caller can come, YYYY-MM-DD; leave out for today."),
      until_date: day("The last day the wish holds, YYYY-MM-DD; leave out for 30 days from the first."),
    },
  ),
  [CALL_CONTROL_TOOLS.handOver]: tool("Hands the caller over to a person at the salon, when they ask for one or you cannot help.", {
    reason: z.optional(text(500).check(z.describe("What the caller needs, in a few words."))),
  }),
  [CALL_CONTROL_TOOLS.endCall]: tool("Ends the call after you have said goodbye.", {}),
};
export type ToolName = keyof typeof TOOLS;
export type ToolArguments<N extends ToolName> = z.infer<(typeof TOOLS)[N]["arguments"]>;

export const isToolName = (name: string): name is ToolName => Object.hasOwn(TOOLS, name);

/** Tools as the speech model sees them (session.update). */
const definitions = (tools: Record<string, { description: string; arguments: z.ZodMiniObject }>): RealtimeFunctionTool[] =>
  Object.entries(tools).map(([name, { description, arguments: schema }]) => {
    const { properties = {}, required = [] } = z.toJSONSchema(schema, { io: "output" });
    return { type: "function", name, description, parameters: { type: "object", properties, required, additionalProperties: false } };
  });

export const TOOL_DEFINITIONS: RealtimeFunctionTool[] = definitions(TOOLS);

/**
 * The two tools of a call that offers a client a time that came free: the client takes it or
 * says no. They act on the offer the call was placed for, so they take no arguments.
 */
export const OFFER_TOOLS = { accept: "accept_offer", decline: "decline_offer" } as const;
export type OfferToolName = (typeof OFFER_TOOLS)[keyof typeof OFFER_TOOLS];

export const isOfferTool = (name: string): name is OfferToolName => name === OFFER_TOOLS.accept || name === OFFER_TOOLS.decline;

/** The receptionist's tools and the offer's, for an offer call. */
export const OFFER_CALL_TOOL_DEFINITIONS: RealtimeFunctionTool[] = [
  ...TOOL_DEFINITIONS,
  ...definitions({
    [OFFER_TOOLS.accept]: tool("Books the offered time for the client, once they have said they want it.", {}),
    [OFFER_TOOLS.decline]: tool("Records that the client does not want the offered time.", {}),
  }),
];

/** Checks a tool call's JSON arguments; the error says what to fix. */
export function parseArguments<N extends ToolName>(name: N, json: string): { ok: true; args: ToolArguments<N> } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = json.trim() === "" ? {} : JSON.parse(json);
  } catch {
    return { ok: false, error: "The arguments are not valid JSON." };
  }
  const parsed = z.safeParse(TOOLS[name].arguments, value);
  if (parsed.success) return { ok: true, args: parsed.data as ToolArguments<N> };
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "arguments"}: ${issue.message}`);
  return { ok: false, error: `Invalid arguments (${problems.join("; ")}).` };
}
