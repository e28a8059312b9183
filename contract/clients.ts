import { z } from "zod/mini";
import { queryInt, type CallOutcome } from "./calls.ts";
import type { MessageChannel } from "./client-messages.ts";
import { EMAIL_PATTERN } from "./email.ts";
import { requestBody } from "./errors.ts";
import { UUID } from "./ids.ts";
import { LANGUAGES, type Language } from "./languages.ts";
import { phoneCheck } from "./phone.ts";
import { optionalText, plainText } from "./text.ts";
import type { AttemptChannel, AttemptStatus } from "./outreach.ts";

/** A salon's clients: the list's query, the client's page, and the owner's edits and merges. */

export const CLIENT_LIMITS = {
  name: 120,
  email: 254,
  notes: 2000,
  /** A search's text; longer text names nobody a salon has. */
  query: 100,
  /** Numbers added or removed in one edit. */
  phonesPerEdit: 10,
  pageSize: 50,
  maxPageSize: 100,
} as const;

/** Where a client record was first made. */
export const CLIENT_SOURCES = ["dashboard", "receptionist", "online", "call"] as const;
export type ClientSource = (typeof CLIENT_SOURCES)[number];

/** GET /dashboard/clients?q&limit&offset: a page of the list in name order, or of the clients a search finds. */
export const clientListQuery = z.object({
  q: z._default(z.string({ error: "validation.clients.query" }).check(z.maxLength(CLIENT_LIMITS.query, { error: "validation.clients.query" }), plainText()), ""),
  limit: queryInt(CLIENT_LIMITS.pageSize, 1, CLIENT_LIMITS.maxPageSize, "validation.calls.limit"),
  offset: queryInt(0, 0, 1_000_000_000, "validation.calls.offset"),
});
export type ClientListQuery = z.output<typeof clientListQuery>;

const phoneList = z
  .array(z.string({ error: "validation.phone" }).check(z.maxLength(32, { error: "validation.phone" }), phoneCheck("validation.phone")), { error: "validation.clients.phones" })
  .check(z.maxLength(CLIENT_LIMITS.phonesPerEdit, { error: "validation.clients.phones" }));

const stylistId = z.nullable(z.string({ error: "validation.appointment.stylist" }).check(z.regex(UUID, { error: "validation.appointment.stylist" })));

/** PUT /dashboard/clients/:id: only the fields sent change; blank text clears a field. */
export const clientUpdateSchema = requestBody({
  name: z.optional(optionalText(CLIENT_LIMITS.name)),
  email: z.optional(optionalText(CLIENT_LIMITS.email, EMAIL_PATTERN, "validation.email.invalid")),
  language: z.optional(z.nullable(z.enum(LANGUAGES, { error: "validation.clients.language" }))),
  preferred_stylist_id: z.optional(stylistId),
  notes: z.optional(optionalText(CLIENT_LIMITS.notes)),
  marketing_consent: z.optional(z.boolean({ error: "validation.boolean" })),
  phones_add: z.optional(phoneList),
  phones_remove: z.optional(phoneList),
});
export type ClientUpdateInput = z.input<typeof clientUpdateSchema>;
export type ClientUpdate = z.output<typeof clientUpdateSchema>;

/** POST /dashboard/clients/:id/merge: the other record, which is folded into this one and deleted. */
export const clientMergeSchema = requestBody({
  other: z.string({ error: "validation.clients.other" }).check(z.regex(UUID, { error: "validation.clients.other" })),
});

/** A client as the list shows one. */
export interface ClientSummary {
  id: string;
  name: string | null;
  email: string | null;
  /** E.164, oldest first. */
  phones: string[];
  source: ClientSource;
  created_at: string;
  /** The start of their next booked appointment; null when none is ahead. */
  next_appointment_at: string | null;
  /** Booked appointments whose time has begun, no-shows left out. */
  visit_count: number;
  no_show_count: number;
}

export interface ClientList {
  items: ClientSummary[];
  /** Whether another page follows this one. */
  more: boolean;
}

/** An appointment on a client's page. */
export interface ClientAppointment {
  id: string;
  start_datetime: string;
  end_datetime: string;
  stylist_name: string;
  service_name: string | null;
  status: "booked" | "cancelled";
  /** The client did not come (a booked appointment the owner marked). */
  no_show: boolean;
}

/** A call on a client's page; the Calls screen shows the rest. */
export interface ClientCall {
  id: string;
  started_at: string;
  /** Seconds; null while the call runs. */
  duration: number | null;
  direction: "inbound" | "outbound";
  /** What came of it; null while it runs or before its summary tells. */
  outcome: CallOutcome | null;
}

/** GET /dashboard/clients/:id: the client's page. */
export interface ClientDetail extends ClientSummary {
  language: Language | null;
  preferred_stylist_id: string | null;
  notes: string | null;
  marketing_consent: boolean;
  updated_at: string;
  /** Soonest first. */
  upcoming_appointments: ClientAppointment[];
  /** Latest first. */
  past_appointments: ClientAppointment[];
  /** Latest first. */
  calls: ClientCall[];
  /** Numbers that replied STOP and the address that unsubscribed, latest first: the salon sends them nothing more. */
  opt_outs: ClientOptOut[];
  /** Freed times offered to the client, by text or call, latest first. */
  offers: ClientOffer[];
}

export interface ClientOffer {
  id: string;
  /** The time offered and with whom. */
  start_datetime: string;
  stylist_name: string;
  channel: AttemptChannel;
  status: AttemptStatus;
  created_at: string;
}

export interface ClientOptOut {
  channel: MessageChannel;
  /** The number (E.164) or the address in lower case. */
  address: string;
  created_at: string;
}
