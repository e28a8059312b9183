import { FormattedNumber } from "react-intl";

/** A price in the reader's number format: whole amounts without cents (EUR 2,800), others with (EUR 0.30). */
export function Money({ value, currency }: { value: number; currency: string }) {
  return <FormattedNumber value={value} style="currency" currency={currency} minimumFractionDigits={Number.isInteger(value) ? 0 : 2} />;
}
