/*
 * Call costs are stored in the providers' currency, US dollars, and with each call the rate
 * it is shown in euros at: the Worker's EUR_PER_USD setting when its costs were written
 * (worker/currency.ts reads it), or this default.
 */

/** Euros per US dollar when EUR_PER_USD is not set or not a positive number: a recent rate, rounded; set the one to book with. */
export const DEFAULT_EUR_PER_USD = 0.86;
