import { useIntl } from "react-intl";

const EUROS = { style: "currency", currency: "EUR" } as const;

/** Prices in euros in the interface's number format (€30.00, 30,00 €), wherever the dashboard shows one. */
export function useEuros() {
  const intl = useIntl();
  return (value: number) => intl.formatNumber(value, EUROS);
}

/** The euro sign as that format writes it, shown inside a price input. */
export function useEuroSign() {
  const intl = useIntl();
  return intl.formatNumberToParts(0, EUROS).find((part) => part.type === "currency")?.value;
}
