import { describe, expect, it } from "vitest";
import { moneyFormat, moneyIn } from "../../src/lib/pricing/money.ts";
import { BUSINESS, ENTERPRISE, FEATURE_IDS, GROWTH, STARTER, TIERS, addedFeatures, tierPrice } from "../../src/lib/pricing/tiers.ts";

describe("pricing tiers", () => {
  it("lists starter, growth (most popular), business and a custom enterprise plan", () => {
    expect(TIERS.map((tier) => tier.id)).toEqual(["starter", "growth", "business", "enterprise"]);
    expect(TIERS.filter((tier) => tier.popular)).toEqual([GROWTH]);
    expect(ENTERPRISE.kind).toBe("custom");
  });

  it("prices in euros for English and German", () => {
    for (const language of ["en", "de"] as const) {
      expect(tierPrice(STARTER, language)).toEqual({ amount: 39, currency: "EUR" });
      expect(tierPrice(GROWTH, language)).toEqual({ amount: 119, currency: "EUR" });
      expect(tierPrice(BUSINESS, language)).toEqual({ amount: 399, currency: "EUR" });
    }
  });

  it("prices in crowns for Czech", () => {
    expect(tierPrice(STARTER, "cs")).toEqual({ amount: 990, currency: "CZK" });
    expect(tierPrice(GROWTH, "cs")).toEqual({ amount: 2990, currency: "CZK" });
    expect(tierPrice(BUSINESS, "cs")).toEqual({ amount: 9990, currency: "CZK" });
  });

  it("has the spec's minutes and per-minute figures", () => {
    expect([STARTER, GROWTH, BUSINESS].map((tier) => tier.minutesIncluded)).toEqual([180, 650, 2400]);
    expect([STARTER, GROWTH, BUSINESS].map((tier) => moneyIn(tier.extraMinute, "en").amount)).toEqual([0.25, 0.22, 0.19]);
    expect([STARTER, GROWTH, BUSINESS].map((tier) => moneyIn(tier.extraMinute, "cs").amount)).toEqual([6, 5, 4]);
    expect([STARTER, GROWTH, BUSINESS].map((tier) => moneyIn(tier.effectiveMinute, "de").amount)).toEqual([0.22, 0.18, 0.17]);
  });

  it("derives each effective rate from the monthly price and the included minutes", () => {
    for (const tier of [STARTER, GROWTH, BUSINESS]) {
      for (const currency of ["EUR", "CZK"] as const) {
        expect(tier.effectiveMinute[currency]).toBeCloseTo(tier.monthly[currency] / tier.minutesIncluded, 2);
      }
    }
  });

  it("formats money in the interface locale", () => {
    const format = (language: "en" | "de" | "cs", money: ReturnType<typeof tierPrice>) =>
      new Intl.NumberFormat(language, moneyFormat(money)).format(money.amount).replace(/\s/g, " ");
    expect(format("en", tierPrice(STARTER, "en"))).toBe("€39");
    expect(format("de", tierPrice(STARTER, "de"))).toBe("39 €");
    expect(format("cs", tierPrice(STARTER, "cs"))).toBe("990 Kč");
    expect(format("cs", tierPrice(GROWTH, "cs"))).toBe("2 990 Kč");
    expect(format("de", moneyIn(STARTER.extraMinute, "de"))).toBe("0,25 €");
    expect(format("cs", moneyIn(STARTER.effectiveMinute, "cs"))).toBe("5,50 Kč");
  });

  it("includes every feature in enterprise, and each card lists what its plan adds", () => {
    expect(ENTERPRISE.features).toEqual(FEATURE_IDS);
    expect(addedFeatures(STARTER)).toEqual({ previous: null, features: ["scheduling", "emailNotifications", "calendarIntegration"] });
    expect(addedFeatures(ENTERPRISE)).toEqual({ previous: BUSINESS, features: ["accountManager"] });
  });
});
