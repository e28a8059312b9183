import type { Language } from "../../../contract/languages.ts";
import { currencyOf, type Money } from "../../lib/pricing/money.ts";

export interface SliderRange {
  min: number;
  max: number;
  step: number;
  initial: number;
}

export const CALCULATOR = {
  missedCallsPerDay: { min: 1, max: 20, step: 1, initial: 4 },
  /** In euros whatever the interface language; Czech pages show it converted. */
  serviceCost: { min: 10, max: 100, step: 5, initial: 30 },
  workingDaysPerYear: 250,
  czkPerEuro: 25,
} as const satisfies Record<string, SliderRange | number>;

export function yearlyLoss(missedCallsPerDay: number, serviceCostEur: number): number {
  return missedCallsPerDay * serviceCostEur * CALCULATOR.workingDaysPerYear;
}

/** A slider value as the calculator accepts it: inside the range and on a step. */
export function clampToRange(value: number, { min, max, step }: SliderRange): number {
  if (!Number.isFinite(value)) return min;
  const stepped = min + Math.round((value - min) / step) * step;
  return Math.min(max, Math.max(min, stepped));
}

/** A euro amount in the interface currency: crowns at the article's fixed rate for Czech. */
export function displayMoney(euros: number, language: Language): Money {
  const currency = currencyOf(language);
  return { amount: currency === "CZK" ? euros * CALCULATOR.czkPerEuro : euros, currency };
}
