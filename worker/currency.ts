import { DEFAULT_EUR_PER_USD } from "../contract/currency.ts";

/** The rate call costs are converted to euros at: the Worker's EUR_PER_USD setting. */
export function eurPerUsd(setting: string | undefined): number {
  const rate = Number(setting);
  if (setting && Number.isFinite(rate) && rate > 0) return rate;
  if (setting) console.error(`EUR_PER_USD is not a positive number: ${setting}; using ${DEFAULT_EUR_PER_USD}.`);
  return DEFAULT_EUR_PER_USD;
}
