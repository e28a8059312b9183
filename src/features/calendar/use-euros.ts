import { useIntl } from "react-intl";

/** Prices in euros in the interface's number format (€30.00, 30,00 €), as Salon Settings shows them. */
export function useEuros() {
  const intl = useIntl();
  return (value: number) => intl.formatNumber(value, { style: "currency", currency: "EUR" });
}
