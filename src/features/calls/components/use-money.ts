import { useIntl } from "react-intl";

/** Call costs with 4 decimals in every language: euros as the spec shows them (€0.0497, 0,0497 €), or what a provider billed in its own currency. */
export function useMoney(currency: "EUR" | "USD" = "EUR") {
  const intl = useIntl();
  return (value: number) => intl.formatNumber(value, { style: "currency", currency, minimumFractionDigits: 4, maximumFractionDigits: 4 });
}
