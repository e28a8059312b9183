import type { RealtimeResponseUsage } from "openai/resources/realtime/realtime";
import { DEFAULT_TEXT_MODEL } from "./text-model.ts";
import { DEFAULT_MODEL, isRealtimeModel, type RealtimeModel } from "../../../contract/models.ts";

/** Token counts of a call, summed over its responses. */
export interface CallUsage {
  input_text: number;
  input_audio: number;
  input_cached: number;
  output_text: number;
  output_audio: number;
}

export const NO_USAGE: CallUsage = { input_text: 0, input_audio: 0, input_cached: 0, output_text: 0, output_audio: 0 };

/**
 * List prices, US dollars per million tokens, from OpenAI's model pages (checked 2026-11-25).
 * The table has one rate for cached input; where a model bills cached text and audio
 * differently (2.1-mini: 0.06 and 0.30), the audio rate is used, as a call's cached context is
 * mostly audio, and so a cost is never under-reported. No page of `gpt-realtime` itself was
 * found; its prices are the ones this table had for it before, the same as gpt-realtime-1.5's.
 */
export const MODEL_PRICES: Record<RealtimeModel, CallUsage> = {
  "gpt-realtime-2.1": { input_text: 4, input_audio: 32, input_cached: 0.4, output_text: 24, output_audio: 64 },
  "gpt-realtime-2.1-mini": { input_text: 0.6, input_audio: 10, input_cached: 0.3, output_text: 2.4, output_audio: 20 },
  "gpt-realtime-2": { input_text: 4, input_audio: 32, input_cached: 0.4, output_text: 24, output_audio: 64 },
  "gpt-realtime-1.5": { input_text: 4, input_audio: 32, input_cached: 0.4, output_text: 16, output_audio: 64 },
  "gpt-realtime": { input_text: 4, input_audio: 32, input_cached: 0.4, output_text: 16, output_audio: 64 },
};

/**
 * The prices a call on `model` is costed with. REALTIME_PRICES (JSON) overrides entries per
 * model: `{"gpt-realtime-2.1": {"output_audio": 60}}`. A model the table does not know is
 * costed as the default one, and said so in the log.
 */
export function pricesFor(model: string, overridesJson: string | undefined): CallUsage {
  const known = isRealtimeModel(model) ? model : DEFAULT_MODEL;
  if (known !== model) console.warn(`no prices for the model ${model}; costed as ${DEFAULT_MODEL}`);
  const table = { ...MODEL_PRICES[known] };
  if (!overridesJson) return table;
  try {
    const given = (JSON.parse(overridesJson) as Record<string, Partial<Record<keyof CallUsage, unknown>> | undefined>)[known] ?? {};
    for (const key of Object.keys(table) as (keyof CallUsage)[]) {
      const value = given[key];
      if (typeof value === "number" && value >= 0) table[key] = value;
    }
  } catch {
    console.error("REALTIME_PRICES is not JSON; using the list prices.");
  }
  return table;
}

/**
 * The tokens of a typical minute of a call, for the price per minute the owner is shown:
 * half a minute of the caller (10 audio tokens a second) and half of the assistant (20 a
 * second), the instructions and tool results as text, and the conversation so far read again
 * from the cache for each of about six answers.
 */
const TYPICAL_MINUTE: CallUsage = { input_text: 500, input_audio: 300, input_cached: 12_000, output_text: 150, output_audio: 600 };

/** What a typical minute on `model` costs, in euros. */
export function eurPerMinute(model: string, overridesJson: string | undefined, rate: number): number {
  return Math.round(costOf(TYPICAL_MINUTE, pricesFor(model, overridesJson)) * rate * 10_000) / 10_000;
}

/**
 * Adds one response's usage. Cached input tokens are billed at their own rate, not twice.
 * A response may come without token details (a short tool turn, say): its tokens, or
 * whatever the details leave unexplained, are counted as text, never dropped.
 */
export function addUsage(total: CallUsage, usage: RealtimeResponseUsage | undefined): CallUsage {
  if (!usage) return total;
  const input = usage.input_token_details;
  const output = usage.output_token_details;
  const inputAudio = input?.audio_tokens ?? 0;
  const inputText = Math.max(input?.text_tokens ?? 0, (usage.input_tokens ?? 0) - inputAudio - (input?.image_tokens ?? 0));
  const outputAudio = output?.audio_tokens ?? 0;
  const outputText = Math.max(output?.text_tokens ?? 0, (usage.output_tokens ?? 0) - outputAudio);
  const cached = input?.cached_tokens ?? 0;
  const cachedText = input?.cached_tokens_details?.text_tokens ?? 0;
  const cachedAudio = input?.cached_tokens_details?.audio_tokens ?? cached - cachedText;
  return {
    input_text: total.input_text + Math.max(0, inputText - cachedText),
    input_audio: total.input_audio + Math.max(0, inputAudio - cachedAudio),
    input_cached: total.input_cached + cached,
    output_text: total.output_text + outputText,
    output_audio: total.output_audio + outputAudio,
  };
}

/** Dollars, to the millionth. */
export function costOf(usage: CallUsage, prices: CallUsage): number {
  let micros = 0;
  for (const key of Object.keys(usage) as (keyof CallUsage)[]) micros += usage[key] * prices[key];
  return Math.round(micros) / 1_000_000;
}

/** A text model's list prices, US dollars per million tokens (OpenAI's model page, checked 2026-11-25). */
const TEXT_MODEL_PRICES: Record<string, { input: number; cached: number; output: number }> = {
  "gpt-5-mini": { input: 0.25, cached: 0.025, output: 2 },
  "gpt-5-nano": { input: 0.05, cached: 0.005, output: 0.4 },
  "gpt-4.1-mini": { input: 0.4, cached: 0.1, output: 1.6 },
};

/**
 * What a text model's answer cost, in dollars to the millionth. The API names a dated
 * snapshot ("gpt-5-mini-2025-08-07"), priced as its model; a model the table does not know is
 * priced as the default one, and said so in the log.
 */
export function textCostOf(model: string, usage: { input: number; cached: number; output: number }): number {
  const known = Object.keys(TEXT_MODEL_PRICES).find((name) => model === name || model.startsWith(`${name}-2`));
  if (!known) console.warn(`no prices for the text model ${model}; priced as ${DEFAULT_TEXT_MODEL}`);
  const prices = TEXT_MODEL_PRICES[known ?? DEFAULT_TEXT_MODEL]!;
  const micros = (usage.input - usage.cached) * prices.input + usage.cached * prices.cached + usage.output * prices.output;
  return Math.round(micros) / 1_000_000;
}
