import { useIntl } from "react-intl";
import { useSalon } from "../../../lib/salon-data/salon.ts";

/** An instant as a date and time on the salon's clock, in the reader's language: "Nov 26, 2026, 11:24 PM". */
export function SalonTime({ value }: { value: string }) {
  const intl = useIntl();
  const timeZone = useSalon().data?.time_zone;
  return <time dateTime={value}>{intl.formatDate(value, { dateStyle: "medium", timeStyle: "short", timeZone })}</time>;
}
