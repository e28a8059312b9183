import { CURRENCIES, DEFAULT_PER_USD, isCurrency, type Currency } from "../../contract/currency.ts";

/** The settings the rates are read from. */
interface RateSettings {
  /** JSON: units of a currency per US dollar, by its code, e.g. {"CZK": 20.9, "GBP": 0.76}. */
  USD_RATES?: string;
  /** Euros per US dollar, the older setting: the euro's rate unless USD_RATES names one. */
  EUR_PER_USD?: string;
}

const isRate = (rate: unknown): rate is number => typeof rate === "number" && Number.isFinite(rate) && rate > 0;

/**
 * Units of each currency a US dollar buys, as this Worker books them: USD_RATES, then
 * EUR_PER_USD for the euro, then the defaults. What is not a positive number is reported and
 * left at the default, so a typo costs no call its record. The dollar is always 1.
 */
export function usdRates(settings: RateSettings): Record<Currency, number> {
  const rates = { ...DEFAULT_PER_USD };
  const complain = (what: string) => console.error(`${what} is not a positive number; using the default rate instead.`);
  if (settings.EUR_PER_USD) {
    const euro = Number(settings.EUR_PER_USD);
    if (isRate(euro)) rates.EUR = euro;
    else complain(`EUR_PER_USD ${settings.EUR_PER_USD}`);
  }
  if (settings.USD_RATES) {
    let named: unknown;
    try {
      named = JSON.parse(settings.USD_RATES);
    } catch {
      named = null;
    }
    if (typeof named !== "object" || named === null || Array.isArray(named)) complain(`USD_RATES ${settings.USD_RATES}`);
    else {
      for (const [code, rate] of Object.entries(named)) {
        if (!isCurrency(code) || code === "USD") console.error(`USD_RATES: ${code} is not a salon currency other than USD (${CURRENCIES.join(", ")}); ignored.`);
        else if (isRate(rate)) rates[code] = rate;
        else complain(`USD_RATES' ${code} (${String(rate)})`);
      }
    }
  }
  return rates;
}
