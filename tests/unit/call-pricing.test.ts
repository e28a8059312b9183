import { describe, expect, it } from "vitest";
import { addUsage, costOf, MODEL_PRICES, NO_USAGE } from "../../worker/calls/engine/pricing.ts";

describe("call pricing", () => {
  it("sums responses, billing cached input at its own rate and not twice", () => {
    const usage = addUsage(
      addUsage(NO_USAGE, {
        input_token_details: { text_tokens: 1000, audio_tokens: 500, cached_tokens: 600, cached_tokens_details: { text_tokens: 400, audio_tokens: 200 } },
        output_token_details: { text_tokens: 50, audio_tokens: 300 },
      }),
      { input_token_details: { text_tokens: 10, audio_tokens: 20 }, output_token_details: { audio_tokens: 30 } },
    );
    expect(usage).toEqual({ input_text: 610, input_audio: 320, input_cached: 600, output_text: 50, output_audio: 330 });
    expect(costOf(usage, MODEL_PRICES["gpt-realtime"])).toBe((610 * 4 + 320 * 32 + 600 * 0.4 + 50 * 16 + 330 * 64) / 1e6);
    expect(addUsage(usage, undefined)).toBe(usage);
  });

  it("counts a response that comes without token details, and what details leave unexplained, as text", () => {
    const toolTurn = addUsage(NO_USAGE, { input_tokens: 80, output_tokens: 10, total_tokens: 90 });
    expect(toolTurn).toEqual({ ...NO_USAGE, input_text: 80, output_text: 10 });
    expect(costOf(toolTurn, MODEL_PRICES["gpt-realtime"])).toBe((80 * 4 + 10 * 16) / 1e6);
    const partly = addUsage(NO_USAGE, { input_tokens: 300, output_tokens: 250, input_token_details: { audio_tokens: 200 }, output_token_details: { audio_tokens: 240 } });
    expect(partly).toEqual({ ...NO_USAGE, input_text: 100, input_audio: 200, output_text: 10, output_audio: 240 });
  });
});
