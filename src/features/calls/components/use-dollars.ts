import { useIntl } from "react-intl";

/** Call costs: US dollars with 4 decimals in every language ($0.0497, 0,0497 $), as the providers bill them. */
export function useDollars() {
  const intl = useIntl();
  return (value: number) => intl.formatNumber(value, { style: "currency", currency: "USD", minimumFractionDigits: 4, maximumFractionDigits: 4 });
}
