import { useIntl, type IntlShape } from "react-intl";
import type { OutsideHours } from "../../../contract/opening-hours.ts";

/** "HH:MM" of the salon's clock as the language writes a time ("9:00 AM", "09:00"). */
const clock = (intl: IntlShape, time: string) =>
  intl.formatTime(Date.UTC(2000, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5))), { timeZone: "UTC", hour: "numeric", minute: "2-digit" });

/** One sentence per rule a time breaks, naming the stylist and the hours that apply. */
export function useOutsideHoursText() {
  const intl = useIntl();
  return (reason: OutsideHours, stylist: string) =>
    intl.formatMessage(
      { id: `calendar.outside.${reason.kind}` },
      "hours" in reason ? { name: stylist, from: clock(intl, reason.hours.from), to: clock(intl, reason.hours.to) } : { name: stylist },
    );
}
