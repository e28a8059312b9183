import { afterEach, describe, expect, it, vi } from "vitest";
import { REALTIME_MODELS } from "../../contract/models.ts";
import { DEFAULT_PER_USD } from "../../contract/currency.ts";
import { usdRates } from "../../worker/platform/currency.ts";
import { costOf, eurPerMinute, MODEL_PRICES, pricesFor } from "../../worker/calls/engine/pricing.ts";

afterEach(() => vi.restoreAllMocks());

describe("the speech models' prices", () => {
  it("knows every model a call may have run on, at its list prices", () => {
    expect(Object.keys(MODEL_PRICES).sort()).toEqual([...REALTIME_MODELS].sort());
    expect(MODEL_PRICES["gpt-realtime-2.1"]).toEqual({ input_text: 4, input_audio: 32, input_cached: 0.4, output_text: 24, output_audio: 64 });
    expect(MODEL_PRICES["gpt-realtime-2.1-mini"]).toEqual({ input_text: 0.6, input_audio: 10, input_cached: 0.3, output_text: 2.4, output_audio: 20 });
    expect(MODEL_PRICES["gpt-realtime-1.5"].output_text).toBe(16);
  });

  it("costs a call at its own model's prices, with a model's overrides from REALTIME_PRICES", () => {
    const usage = { input_text: 1000, input_audio: 2000, input_cached: 10_000, output_text: 100, output_audio: 3000 };
    expect(costOf(usage, pricesFor("gpt-realtime-2.1", undefined))).toBe((4000 + 64_000 + 4000 + 2400 + 192_000) / 1e6);
    expect(costOf(usage, pricesFor("gpt-realtime-2.1-mini", undefined))).toBe((600 + 20_000 + 3000 + 240 + 60_000) / 1e6);
    const overrides = JSON.stringify({ "gpt-realtime-2.1-mini": { output_audio: 18, input_text: -1, other: 3 } });
    expect(pricesFor("gpt-realtime-2.1-mini", overrides)).toEqual({ ...MODEL_PRICES["gpt-realtime-2.1-mini"], output_audio: 18 });
    expect(pricesFor("gpt-realtime-2.1", overrides)).toEqual(MODEL_PRICES["gpt-realtime-2.1"]);
  });

  it("costs an unknown model, or unreadable overrides, at the default model's list prices and says so", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(pricesFor("some-compatible-model", undefined)).toEqual(MODEL_PRICES["gpt-realtime-2.1"]);
    expect(warn).toHaveBeenCalledWith("no prices for the model some-compatible-model; costed as gpt-realtime-2.1");
    expect(pricesFor("gpt-realtime", "not json")).toEqual(MODEL_PRICES["gpt-realtime"]);
    expect(error).toHaveBeenCalledWith("REALTIME_PRICES is not JSON; using the list prices.");
  });

  it("prices a typical minute in euros: the lower-cost model at about a third", () => {
    expect(eurPerMinute("gpt-realtime-2.1", undefined, 0.86)).toBe(0.0502);
    expect(eurPerMinute("gpt-realtime-2.1-mini", undefined, 0.86)).toBe(0.0166);
    expect(eurPerMinute("gpt-realtime-2.1", undefined, 1)).toBe(0.0584);
  });
});

describe("the rates call costs are converted at", () => {
  it("take the euro's from EUR_PER_USD, or the documented default when it is missing or not a positive number", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(usdRates({ EUR_PER_USD: "0.9215" }).EUR).toBe(0.9215);
    expect(usdRates({}).EUR).toBe(DEFAULT_PER_USD.EUR);
    expect(usdRates({ EUR_PER_USD: "" }).EUR).toBe(0.86);
    expect(usdRates({ EUR_PER_USD: "-1" }).EUR).toBe(0.86);
    expect(usdRates({ EUR_PER_USD: "one" }).EUR).toBe(0.86);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it("take each currency's from USD_RATES, which wins over EUR_PER_USD, and keep the dollar at 1", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(usdRates({ USD_RATES: '{"CZK": 21.5, "GBP": 0.8}', EUR_PER_USD: "0.9" })).toEqual({ EUR: 0.9, CZK: 21.5, GBP: 0.8, USD: 1 });
    expect(usdRates({ USD_RATES: '{"EUR": 0.88}', EUR_PER_USD: "0.9" }).EUR).toBe(0.88);
    expect(error).not.toHaveBeenCalled();
    // Unknown codes, the dollar itself, bad numbers and bad JSON leave the defaults.
    expect(usdRates({ USD_RATES: '{"JPY": 150, "USD": 2, "CZK": -3}' })).toEqual(DEFAULT_PER_USD);
    expect(usdRates({ USD_RATES: "CZK=21" })).toEqual(DEFAULT_PER_USD);
    expect(error).toHaveBeenCalledTimes(4);
  });
});
