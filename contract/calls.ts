import { z } from "zod/mini";
import type { Language } from "./languages.ts";

/** The Calls screen pages the history 50 calls at a time (offset = (page - 1) * 50). */
export const CALLS_PAGE_SIZE = 50;
/** The most calls one request may ask for. */
const CALLS_MAX_LIMIT = 100;

/** The periods of the stats bar, in the order of the period selector; today is the default. */
export const STATS_PERIODS = ["today", "this_week", "this_month", "last_30_days"] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const DEFAULT_STATS_PERIOD: StatsPeriod = "today";

/** A whole number from the query string; absent or empty gives the default. */
export const queryInt = (fallback: number, min: number, max: number, error: string) =>
  z.pipe(
    z.transform((value: unknown) => (value === undefined || value === "" ? fallback : /^\d+$/.test(String(value)) ? Number(value) : Number.NaN)),
    z.int({ error }).check(z.gte(min, { error }), z.lte(max, { error })),
  );

/**
 * What came of a call; the database's check on calls.outcome allows these. `voicemail` and
 * `no_answer`: an outbound call that reached no person (a machine given the salon's message;
 * one given none, or no answer at all).
 */
export const CALL_OUTCOMES = ["booked", "rescheduled", "cancelled", "question_answered", "handed_over", "no_action", "abandoned", "voicemail", "no_answer"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** An optional query field: absent or empty reads as not given. */
const optionalQuery = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(z.pipe(z.transform((value: unknown) => (value === "" ? undefined : value)), z.optional(schema)));

/**
 * GET /calls/list?limit&offset&outcome&follow_up: outcome narrows the list to calls that came
 * to it, follow_up=true to calls the salon should get back to; the total counts what passes.
 */
export const callListQuery = z.object({
  limit: queryInt(CALLS_PAGE_SIZE, 1, CALLS_MAX_LIMIT, "validation.calls.limit"),
  offset: queryInt(0, 0, 1_000_000_000, "validation.calls.offset"),
  outcome: optionalQuery(z.enum(CALL_OUTCOMES, { error: "validation.calls.outcome" })),
  follow_up: optionalQuery(z.literal("true", { error: "validation.calls.followUp" })),
});

/** GET /calls/stats?period= */
export const callStatsQuery = z.object({
  period: z.pipe(
    z.transform((value: unknown) => (value === undefined || value === "" ? DEFAULT_STATS_PERIOD : value)),
    z.enum(STATS_PERIODS, { error: "validation.calls.period" }),
  ),
});

export type CallDirection = "inbound" | "outbound";
export type CallStatus = "in-progress" | "completed" | "failed" | "busy" | "no-answer" | "canceled";

/** The success value of `call_status`: an inbound call that is not completed was missed. */
export const COMPLETED: CallStatus = "completed";

/** The number a browser call (the home page's demo, a dashboard test call) is recorded from. */
export const BROWSER_NUMBER = "browser";


export interface Call {
  id: string;
  direction: CallDirection;
  /** E.164, or "browser" for a call made in the browser. */
  from_number: string | null;
  to_number: string | null;
  /** Null when the assistant was deleted before its name was kept. */
  assistant_name: string | null;
  call_started_at: string;
  /** Seconds; null while the call runs. */
  call_duration: number | null;
  call_status: CallStatus;
  caller_city: string | null;
  caller_state: string | null;
  caller_country: string | null;
  /** Euros, converted at the rate stored with the call; null when nothing was billed. */
  total_price: number | null;
  /** What the speech model and the phone line billed, in their currency, US dollars. */
  provider_price: number | null;
  /** Euros per US dollar the call's costs were converted at. */
  eur_per_usd: number | null;
  /** The speech model the call ran on; null for calls that never reached one. */
  model: string | null;
  /** The language the caller last spoke in; null when none was recognised. */
  language: Language | null;
  /** Whether what was said has been removed, the salon's transcript retention having passed. */
  transcript_removed: boolean;
  /** Whether the salon placed the call to offer the client a time that came free. */
  offer: boolean;
  /** What came of it, as far as its tools' results tell (booked, …, abandoned); null while it runs or when only its words could tell. */
  outcome: CallOutcome | null;
  /** Two to four sentences in the salon's language; null until the call is summarised (see summary_state). */
  summary: string | null;
  /** Whether the salon should get back to the caller; null until summarised. */
  follow_up: boolean | null;
  /** Why, when it should. */
  follow_up_reason: string | null;
  /** pending: ended calls wait a moment for it; skipped: nothing was said; failed: the text model could not be reached. */
  summary_state: SummaryState;
}

export const SUMMARY_STATES = ["pending", "done", "skipped", "failed"] as const;
export type SummaryState = (typeof SUMMARY_STATES)[number];

/** GET /calls/list: one page, newest first, and how many calls the salon has in all. */
export interface CallList {
  items: Call[];
  total: number;
}

interface ItemBase {
  id: string;
  created_at: string;
}

export interface ConversationMessage extends ItemBase {
  item_type: "conversation";
  role: "user" | "assistant" | "system";
  content: string | null;
  /** The caller spoke over the assistant, who stopped mid-sentence. */
  is_truncated: boolean;
}

export type FunctionCallStatus = "successful" | "failed" | "attempted";

export interface FunctionCallItem extends ItemBase {
  item_type: "function_call";
  function_name: string | null;
  /** Null (or any other value) reads as "other". */
  status: FunctionCallStatus | null;
  /** A JSON string, as the model sent it. */
  arguments: string | null;
  result: string | null;
  error: string | null;
}

/** GET /calls/conversation/{callId}: the call's items in the order they happened. */
export type ConversationItem = ConversationMessage | FunctionCallItem;

/** GET /calls/instructions/{callId}: the instructions exactly as the assistant received them in that call. */
export interface CallInstructions {
  instructions: string | null;
}

/** GET /calls/stats */
export interface CallStats {
  period: StatsPeriod;
  /** The salon's time zone the period was read in. */
  time_zone: string;
  /** The period's first day and the day after its last, in the salon's time zone ("2026-11-23"). */
  start_date: string;
  end_date: string;
  total_calls: number;
  /** Euros, each call at the rate stored with it. */
  total_price: number;
  /** Seconds, over the calls that have a duration. */
  average_duration: number;
  average_price_per_call: number;
  /** Calls per day of the period, every day listed, oldest first. */
  days: { date: string; calls: number }[];
}
