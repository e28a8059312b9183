import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useIntl } from "react-intl";
import { DEFAULT_CURRENCY, perEuro, priceFormat, type Currency } from "../../contract/currency.ts";
import { api, read } from "./api-client.ts";
import { queryKeys } from "./query-keys.ts";
import { useSalon } from "./salon-data/salon.ts";

/**
 * The unit of the salon's prices: undefined while the salon loads, so no amount shows in a
 * currency it is not in, and the euro when the salon cannot be read.
 */
function useSalonCurrency(): Currency | undefined {
  const salon = useSalon();
  return salon.data?.currency ?? (salon.isError ? DEFAULT_CURRENCY : undefined);
}

/**
 * Prices in the salon's currency in the interface's number format, wherever the dashboard
 * shows one; the bare amount until the currency is known. Euros keep their two decimals as
 * the dashboard has always shown them (€30.00, 30,00 €); other price lists drop them on whole
 * amounts, as salons write them (890 Kč, £45), and keep them otherwise (£12.50).
 */
export function usePrices() {
  const intl = useIntl();
  const currency = useSalonCurrency();
  const formats = useMemo(() => {
    if (!currency) return { exact: new Intl.NumberFormat(intl.locale), whole: new Intl.NumberFormat(intl.locale) };
    const exact = priceFormat(intl.locale, currency);
    return { exact, whole: currency === DEFAULT_CURRENCY ? exact : priceFormat(intl.locale, currency, { minimumFractionDigits: 0, maximumFractionDigits: 0 }) };
  }, [intl.locale, currency]);
  return (value: number) => (Number.isInteger(value) ? formats.whole : formats.exact).format(value);
}

/** The salon's currency sign as that format writes it (€, Kč), shown inside a price input once the currency is known. */
export function useCurrencySign() {
  const intl = useIntl();
  const currency = useSalonCurrency();
  return currency && priceFormat(intl.locale, currency).formatToParts(0).find((part) => part.type === "currency")?.value;
}

const rateKeys = queryKeys("usdRates");

/** Costs of calls with 4 decimals in every language (€0.0497, 0,0497 €, 1,2083 Kč). */
const costFormat = (language: string, currency: Currency) => priceFormat(language, currency, { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/**
 * Call costs, which the API gives in euros at each call's own rate, in the salon's currency at
 * the Worker's rates: `cost` writes an amount of euros, `rate` the euros per dollar a call was
 * converted at, and `dollars` what a provider billed. Undefined while the salon, or the rates
 * of a salon not in euros, are loading.
 */
export function useCallCosts() {
  const intl = useIntl();
  const currency = useSalonCurrency();
  const converted = currency !== undefined && currency !== DEFAULT_CURRENCY;
  const rates = useQuery({ queryKey: rateKeys.all, queryFn: () => read(api.dashboard.salon["usd-rates"].$get()), enabled: converted });
  return useMemo(() => {
    if (!currency || (converted && !rates.data)) return undefined;
    const factor = converted ? perEuro(rates.data!, currency) : 1;
    const costs = costFormat(intl.locale, currency);
    const dollars = costFormat(intl.locale, "USD");
    const rate = priceFormat(intl.locale, currency, { minimumFractionDigits: 0, maximumFractionDigits: 4 });
    return {
      cost: (euros: number) => costs.format(euros * factor),
      rate: (eurPerUsd: number) => rate.format(eurPerUsd * factor),
      dollars: (amount: number) => dollars.format(amount),
    };
  }, [intl.locale, currency, converted, rates.data]);
}
