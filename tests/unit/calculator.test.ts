import { describe, expect, it } from "vitest";
import { CALCULATOR, clampToRange, displayMoney, yearlyLoss } from "../../src/features/blog/calculator.ts";

describe("blog revenue calculator", () => {
  it("uses the spec's ranges and defaults", () => {
    expect(CALCULATOR.missedCallsPerDay).toEqual({ min: 1, max: 20, step: 1, initial: 4 });
    expect(CALCULATOR.serviceCost).toEqual({ min: 10, max: 100, step: 5, initial: 30 });
    expect(CALCULATOR.workingDaysPerYear).toBe(250);
    expect(CALCULATOR.czkPerEuro).toBe(25);
  });

  it("gives 4 × 30 × 250 = 30,000 for the defaults", () => {
    expect(yearlyLoss(CALCULATOR.missedCallsPerDay.initial, CALCULATOR.serviceCost.initial)).toBe(30_000);
  });

  it("spans 2,500 to 500,000 between the slider bounds", () => {
    expect(yearlyLoss(1, 10)).toBe(2_500);
    expect(yearlyLoss(20, 100)).toBe(500_000);
  });

  it("keeps slider values inside their range and on a step", () => {
    expect(clampToRange(0, CALCULATOR.missedCallsPerDay)).toBe(1);
    expect(clampToRange(25, CALCULATOR.missedCallsPerDay)).toBe(20);
    expect(clampToRange(7, CALCULATOR.serviceCost)).toBe(10);
    expect(clampToRange(130, CALCULATOR.serviceCost)).toBe(100);
    expect(clampToRange(42, CALCULATOR.serviceCost)).toBe(40);
    expect(clampToRange(Number.NaN, CALCULATOR.serviceCost)).toBe(10);
  });

  it("shows euros in English and German, crowns at 25 per euro in Czech", () => {
    expect(displayMoney(30_000, "en")).toEqual({ amount: 30_000, currency: "EUR" });
    expect(displayMoney(30_000, "de")).toEqual({ amount: 30_000, currency: "EUR" });
    expect(displayMoney(30_000, "cs")).toEqual({ amount: 750_000, currency: "CZK" });
    expect(displayMoney(30, "cs")).toEqual({ amount: 750, currency: "CZK" });
  });
});
