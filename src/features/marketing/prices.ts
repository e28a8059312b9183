import { isLanguage, type Language } from "../../../contract/languages.ts";

export interface MarketingPrices {
  currency: "EUR" | "CZK";
  receptaPerMinute: number;
  humanPerMinute: number;
  humanPerMonth: number;
}

const EURO_PRICES: MarketingPrices = { currency: "EUR", receptaPerMinute: 0.17, humanPerMinute: 0.3, humanPerMonth: 2800 };

/** The marketing claims (spec section 1); Czech visitors see the Czech price list, not a conversion. */
const MARKETING_PRICES: Record<Language, MarketingPrices> = {
  en: EURO_PRICES,
  de: EURO_PRICES,
  cs: { currency: "CZK", receptaPerMinute: 4.25, humanPerMinute: 7.5, humanPerMonth: 70000 },
};

export function marketingPrices(locale: string): MarketingPrices {
  return isLanguage(locale) ? MARKETING_PRICES[locale] : MARKETING_PRICES.en;
}
