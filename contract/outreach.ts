import { z } from "zod/mini";
import { calendarDate } from "./dates.ts";
import { requestBody } from "./errors.ts";
import { UUID } from "./ids.ts";
import type { Language } from "./languages.ts";
import { isPhoneText } from "./phone.ts";
import { optionalText, requiredText } from "./text.ts";

/**
 * Proactive outreach: the salon's waitlist (`/api/dashboard/waitlist`), the time that came
 * free and the offers made of it (`/api/dashboard/outreach`), and how outreach runs (its
 * settings). A freed time is offered by SMS to the best-matching clients at once, the first
 * YES books it; with calls on, the assistant then calls the next candidate.
 */

export const OUTREACH_LIMITS = {
  name: 120,
  phone: 40,
  note: 500,
  services: 5,
  /** Clients waiting in one salon at once. */
  waiting: 500,
  /** How long a wish lasts at most, in days from its first day. */
  days: 180,
  /** Entries and slots one page of a list holds. */
  page: 50,
} as const;

/** Where a waitlist entry came from. */
export const WAITLIST_SOURCES = ["dashboard", "voice", "online"] as const;
export type WaitlistSource = (typeof WAITLIST_SOURCES)[number];

export const WAITLIST_STATUSES = ["waiting", "booked", "removed", "expired"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type IsoWeekday = (typeof WEEKDAYS)[number];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const wallClock = (error: string) => z.string({ error }).check(z.regex(TIME, { error }));
const id = (error: string) => z.string({ error }).check(z.regex(UUID, { error }));

/**
 * When a waiting client can come: days of the week and the hours a visit may take, the same
 * in the owner's form and on the salon's booking page.
 */
export const wishedTimes = {
  weekdays: z.array(z.literal(WEEKDAYS, { error: "validation.waitlist.weekdays" }), { error: "validation.waitlist.weekdays" }).check(
    z.minLength(1, { error: "validation.waitlist.weekdays" }),
    z.maxLength(7, { error: "validation.waitlist.weekdays" }),
    z.refine((days) => new Set(days).size === days.length, { error: "validation.waitlist.weekdays" }),
  ),
  from_time: wallClock("validation.time"),
  /** When the visit has to be over. */
  until_time: wallClock("validation.time"),
};

/** The hours of `wishedTimes` in order, refused at the later one. */
export const hoursInOrder = z.refine<{ from_time: string; until_time: string }>((body) => body.from_time < body.until_time, {
  error: "validation.waitlist.hours",
  path: ["until_time"],
});

/** POST and PUT /dashboard/waitlist(/:id): a client waiting for a time. */
export const waitlistEntrySchema = requestBody({
  name: requiredText(OUTREACH_LIMITS.name, "validation.waitlist.name"),
  phone: requiredText(OUTREACH_LIMITS.phone, "validation.waitlist.phone").check(z.refine(isPhoneText, { error: "validation.waitlist.phone" })),
  services: z.array(id("validation.waitlist.services"), { error: "validation.waitlist.services" }).check(
    z.minLength(1, { error: "validation.waitlist.services" }),
    z.maxLength(OUTREACH_LIMITS.services, { error: "validation.waitlist.services" }),
    z.refine((ids) => new Set(ids).size === ids.length, { error: "validation.waitlist.services" }),
  ),
  stylist: z._default(z.nullable(id("validation.appointment.stylist")), null),
  ...wishedTimes,
  from_date: calendarDate("validation.date"),
  until_date: calendarDate("validation.date"),
  note: optionalText(OUTREACH_LIMITS.note),
})
  .check(hoursInOrder)
  .check(z.refine((body) => body.from_date <= body.until_date, { error: "validation.waitlist.dates", path: ["until_date"] }));
export type WaitlistEntryInput = z.input<typeof waitlistEntrySchema>;
export type WaitlistEntryBody = z.output<typeof waitlistEntrySchema>;

/** GET /dashboard/waitlist?status=. */
export const waitlistQuery = z.object({
  status: z._default(z.literal(WAITLIST_STATUSES, { error: "validation.waitlist.status" }), "waiting"),
});

export interface WaitlistEntry {
  id: string;
  client_id: string | null;
  name: string;
  /** E.164. */
  phone: string;
  language: Language;
  services: { id: string; name: string }[];
  /** Minutes the services take together. */
  duration: number;
  stylist: string | null;
  stylist_name: string | null;
  weekdays: number[];
  from_time: string;
  until_time: string;
  from_date: string;
  until_date: string;
  note: string | null;
  source: WaitlistSource;
  status: WaitlistStatus;
  appointment_id: string | null;
  created_at: string;
  /** Offers made to this client from the waitlist, and the last one's time. */
  offers: number;
  last_offer_at: string | null;
}

// ---- settings --------------------------------------------------------------------------

/** Minutes a round of SMS offers waits for a YES before the next step. */
export const OUTREACH_ANSWER_MINUTES = [15, 30, 60, 120] as const;
export const VOICEMAIL_CHOICES = ["message", "none"] as const;
export type VoicemailChoice = (typeof VOICEMAIL_CHOICES)[number];

export const OUTREACH_DEFAULTS = {
  enabled: false,
  include_regulars: false,
  sms_round: 3,
  answer_minutes: 30,
  calls_enabled: false,
  voicemail: "message",
  daily_cap: 20,
} as const satisfies OutreachSettings;

/** PUT /dashboard/outreach/settings. */
export const outreachSettingsSchema = requestBody({
  enabled: z.boolean({ error: "validation.boolean" }),
  include_regulars: z.boolean({ error: "validation.boolean" }),
  sms_round: z.int({ error: "validation.outreach.round" }).check(z.minimum(1, { error: "validation.outreach.round" }), z.maximum(5, { error: "validation.outreach.round" })),
  answer_minutes: z.literal(OUTREACH_ANSWER_MINUTES, { error: "validation.outreach.answer" }),
  calls_enabled: z.boolean({ error: "validation.boolean" }),
  voicemail: z.literal(VOICEMAIL_CHOICES, { error: "validation.outreach.voicemail" }),
  daily_cap: z.int({ error: "validation.outreach.cap" }).check(z.minimum(1, { error: "validation.outreach.cap" }), z.maximum(200, { error: "validation.outreach.cap" })),
});
export type OutreachSettingsBody = z.output<typeof outreachSettingsSchema>;

export interface OutreachSettings {
  enabled: boolean;
  include_regulars: boolean;
  sms_round: number;
  answer_minutes: (typeof OUTREACH_ANSWER_MINUTES)[number];
  calls_enabled: boolean;
  voicemail: (typeof VOICEMAIL_CHOICES)[number];
  daily_cap: number;
}

// ---- freed time and offers -------------------------------------------------------------

export const SLOT_TRIGGERS = ["cancelled", "moved", "fill_gaps"] as const;
export type SlotTrigger = (typeof SLOT_TRIGGERS)[number];

export const SLOT_STATUSES = ["open", "filled", "taken", "expired", "exhausted", "stopped"] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

export const ATTEMPT_CHANNELS = ["sms", "call"] as const;
export type AttemptChannel = (typeof ATTEMPT_CHANNELS)[number];

export const ATTEMPT_STATUSES = ["offered", "accepted", "declined", "expired", "taken", "skipped", "failed", "no_answer", "busy", "voicemail"] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** Why an offer was never made. */
export const ATTEMPT_SKIP_REASONS = ["invalid_number", "not_mobile", "opted_out", "no_sender", "channel_off", "not_configured"] as const;
export type AttemptSkipReason = (typeof ATTEMPT_SKIP_REASONS)[number];

export interface OutreachAttempt {
  id: string;
  slot_id: string;
  client_id: string | null;
  entry_id: string | null;
  name: string | null;
  phone: string;
  channel: AttemptChannel;
  start_datetime: string;
  end_datetime: string;
  status: AttemptStatus;
  reason: AttemptSkipReason | null;
  call_id: string | null;
  appointment_id: string | null;
  created_at: string;
  answered_at: string | null;
}

/** A freed stretch of a stylist's day with the offers made of it: one row of the outreach log. */
export interface OutreachSlot {
  id: string;
  stylist: string;
  stylist_name: string;
  start_datetime: string;
  end_datetime: string;
  trigger: SlotTrigger;
  status: SlotStatus;
  appointment_id: string | null;
  created_at: string;
  closed_at: string | null;
  attempts: OutreachAttempt[];
}

/** GET /dashboard/outreach/log?before=: the newest slots first, a page at a time. */
export const outreachLogQuery = z.object({
  before: z.optional(z.iso.datetime({ offset: true, error: "validation.date" })),
});

export interface OutreachLog {
  slots: OutreachSlot[];
  /** Pass as `before` for the next page; null at the end. */
  next: string | null;
}

/** Fill gaps takes a day from the salon's today to `days` ahead, at most `perHour` times an hour per salon. */
export const FILL_GAPS_LIMITS = { days: 60, perHour: 20 } as const;

/** POST /dashboard/outreach/fill-gaps: the day's free stretches offered now. */
export const fillGapsSchema = requestBody({ date: calendarDate("validation.date") });

export interface FillGapsResult {
  /** Free stretches of the day (from an hour ahead), whether or not anyone waits for one. */
  free: number;
  /** Stretches offered to at least one client now. */
  slots: number;
  /** Texts sent at once. */
  offers: number;
  /** Free stretches not offered again: being offered now, or every waiting client they suit had that time offered before. */
  offered_before: number;
  /** Set when the free times wait to be offered: why, and from when they will be. */
  held: { by: OutreachHold; until: string } | null;
}

/** What holds offers back for now: the salon's quiet hours for texts, or its daily cap of offers. */
export type OutreachHold = "quiet_hours" | "daily_cap";
