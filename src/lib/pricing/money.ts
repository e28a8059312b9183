import type { Language } from "../../../contract/languages.ts";

export type Currency = "EUR" | "CZK";

/** One figure in every currency the site shows; each is set by hand, not converted. */
export type Amounts = Readonly<Record<Currency, number>>;

export interface Money {
  amount: number;
  currency: Currency;
}

// Czech visitors pay in crowns; English and German visitors in euros.
const CURRENCY_OF: Record<Language, Currency> = { en: "EUR", de: "EUR", cs: "CZK" };

export function currencyOf(language: Language): Currency {
  return CURRENCY_OF[language];
}

export function moneyIn(amounts: Amounts, language: Language): Money {
  const currency = currencyOf(language);
  return { amount: amounts[currency], currency };
}

/** Number format options: whole amounts without decimals ("39 €"), others with two ("0,25 €"). */
export function moneyFormat({ amount, currency }: Money): Intl.NumberFormatOptions {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  return { style: "currency", currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
}
