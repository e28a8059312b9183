import { z } from "zod/mini";
import { requestBody } from "./errors.ts";
import { optionalText } from "./text.ts";

/**
 * What a salon sends its clients: confirmations of a booking, a move or a cancellation and a
 * reminder before the visit, by SMS and email; the settings of Salon Settings' Messages tab
 * and what an appointment shows of its messages.
 */

export const MESSAGE_KINDS = ["booked", "moved", "cancelled", "reminder"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_CHANNELS = ["sms", "email"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_STATES = ["queued", "sending", "sent", "delivered", "failed", "skipped"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** Why a message was never sent. */
export const SKIP_REASONS = [
  "no_recipient",
  "invalid_recipient",
  "not_mobile",
  "opted_out",
  "channel_off",
  "no_sender",
  "too_late",
  "cancelled",
  /** The appointment changed so often in a day that more texts would be a nuisance (and a bill). */
  "limit",
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Confirmations one appointment may send per channel in 24 hours: a client moving it back and forth gets no more. */
export const CONFIRMATIONS_PER_DAY = 5;

/** Hours before the visit a reminder goes out; null sends none. */
export const REMINDER_HOURS = [2, 24, 48] as const;
export type ReminderHours = (typeof REMINDER_HOURS)[number] | null;

/** How close to the visit the client's link still changes it. */
export const CANCELLATION_NOTICE_HOURS = [0, 2, 12, 24, 48, 72] as const;

/** An alphanumeric sender ID as networks take it: up to 11 letters, digits and spaces, at least one letter. */
export const SENDER_NAME = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const wallClock = z.string({ error: "validation.time" }).check(z.regex(TIME, { error: "validation.time" }));

export const MESSAGE_SETTINGS_DEFAULTS = {
  sms_enabled: true,
  email_enabled: true,
  reminder_hours: 24,
  quiet_start: "21:00",
  quiet_end: "08:00",
  cancellation_notice_hours: 24,
  sender_name: null,
} as const satisfies MessageSettings;

/** PUT /dashboard/message-settings. */
export const messageSettingsSchema = requestBody({
  sms_enabled: z.boolean({ error: "validation.messages.channel" }),
  email_enabled: z.boolean({ error: "validation.messages.channel" }),
  reminder_hours: z.nullable(z.literal(REMINDER_HOURS, { error: "validation.messages.reminderHours" })),
  quiet_start: wallClock,
  quiet_end: wallClock,
  cancellation_notice_hours: z.literal(CANCELLATION_NOTICE_HOURS, { error: "validation.messages.cancellationNotice" }),
  sender_name: optionalText(11, SENDER_NAME, "validation.messages.senderName"),
});
export type MessageSettingsInput = z.input<typeof messageSettingsSchema>;
export type MessageSettingsBody = z.output<typeof messageSettingsSchema>;

export interface MessageSettings {
  sms_enabled: boolean;
  email_enabled: boolean;
  reminder_hours: ReminderHours;
  /** "HH:MM", the salon's wall clock. */
  quiet_start: string;
  quiet_end: string;
  cancellation_notice_hours: number;
  sender_name: string | null;
}

/** A message of an appointment, as its dialog lists it. */
export interface ClientMessage {
  id: string;
  kind: MessageKind;
  channel: MessageChannel;
  /** The number or address it went (or would have gone) to. */
  recipient: string | null;
  state: MessageState;
  skip_reason: SkipReason | null;
  /** The provider's last word on a failure. */
  error: string | null;
  attempts: number;
  created_at: string;
  /** When it is (or was) due: a reminder's time, or after quiet hours. */
  due_at: string;
  sent_at: string | null;
  /** What Twilio charged in US dollars, and the euro rate of the day; null until rated. */
  price_usd: number | null;
  eur_per_usd: number | null;
}
