/*
 * Call costs are stored in the providers' currency, US dollars, and with each call the rate
 * it is shown in euros at: the Worker's EUR_PER_USD setting when its costs were written. Both
 * the call engine and the phone line's cost read the setting here.
 */

/** Euros per US dollar when EUR_PER_USD is not set or not a positive number: a recent rate, rounded; set the one to book with. */
export const DEFAULT_EUR_PER_USD = 0.86;

/** The rate call costs are converted to euros at: the Worker's EUR_PER_USD setting. */
export function eurPerUsd(setting: string | undefined): number {
  const rate = Number(setting);
  if (setting && Number.isFinite(rate) && rate > 0) return rate;
  if (setting) console.error(`EUR_PER_USD is not a positive number: ${setting}; using ${DEFAULT_EUR_PER_USD}.`);
  return DEFAULT_EUR_PER_USD;
}
