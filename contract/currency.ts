import type { NumberCountry } from "./phone-numbers.ts";

/*
 * A salon's prices are in its currency: the euro, or that of a country the product serves.
 * Call costs are stored in the providers' currency, US dollars, and with each call the rate
 * of euros per dollar it was converted at (the Worker's rate for EUR when its costs were
 * written). The Calls screen shows them in the salon's currency, converting the euros at the
 * Worker's rates of both currencies (worker/platform/currency.ts reads them).
 */

/** The currencies a salon may price in; what the migration's check on salons.currency allows. */
export const CURRENCIES = ["EUR", "CZK", "GBP", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "EUR";

export const isCurrency = (code: unknown): code is Currency => (CURRENCIES as readonly unknown[]).includes(code);

/** The currency of each country whose phone numbers the product offers. */
const COUNTRY_CURRENCIES: Record<NumberCountry, Currency> = { CZ: "CZK", DE: "EUR", AT: "EUR", SK: "EUR", GB: "GBP", US: "USD" };

/** Units of each currency per US dollar when the Worker's settings name none: recent rates, rounded; set the ones to book with. */
export const DEFAULT_PER_USD: Record<Currency, number> = { EUR: 0.86, CZK: 20.9, GBP: 0.76, USD: 1 };

/** Units of `currency` one euro buys at `perUsd`, the Worker's rates. */
export const perEuro = (perUsd: Record<Currency, number>, currency: Currency) => perUsd[currency] / perUsd.EUR;

/**
 * Prices in `currency` as the language writes them (12,50 €, €12.50, 12,50 Kč), with the
 * sign people use at home (Kč rather than CZK) and the currency's own fraction digits unless
 * `options` say otherwise.
 */
export function priceFormat(language: string, currency: Currency, options: Intl.NumberFormatOptions = {}) {
  return new Intl.NumberFormat(language, { style: "currency", currency, currencyDisplay: "narrowSymbol", ...options });
}

/** The currency of a country the product serves, by its ISO code; undefined for any other. */
export const currencyOfCountry = (country: string | undefined): Currency | undefined =>
  country && Object.hasOwn(COUNTRY_CURRENCIES, country) ? COUNTRY_CURRENCIES[country as NumberCountry] : undefined;
