import type { RealtimeResponseUsage } from "openai/resources/realtime/realtime";

/** Token counts of a call, summed over its responses. */
export interface CallUsage {
  input_text: number;
  input_audio: number;
  input_cached: number;
  output_text: number;
  output_audio: number;
}

export const NO_USAGE: CallUsage = { input_text: 0, input_audio: 0, input_cached: 0, output_text: 0, output_audio: 0 };

/** US dollars per million tokens (gpt-realtime's list prices); REALTIME_PRICES overrides entries. */
export const DEFAULT_PRICES: CallUsage = { input_text: 4, input_audio: 32, input_cached: 0.4, output_text: 16, output_audio: 64 };

export function priceTable(json: string | undefined): CallUsage {
  if (!json) return DEFAULT_PRICES;
  try {
    const given = JSON.parse(json) as Partial<Record<keyof CallUsage, unknown>>;
    const table = { ...DEFAULT_PRICES };
    for (const key of Object.keys(table) as (keyof CallUsage)[]) {
      const value = given[key];
      if (typeof value === "number" && value >= 0) table[key] = value;
    }
    return table;
  } catch {
    console.error("REALTIME_PRICES is not JSON; using the default prices.");
    return DEFAULT_PRICES;
  }
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
