import { useIntl } from "react-intl";
import { BROWSER_NUMBER } from "../../../../contract/calls.ts";
import { displayPhone } from "../../../../contract/phone.ts";

/** A call's number as people read it: grouped for dialling, "Browser" for calls made in the browser. */
export function useCallNumber() {
  const intl = useIntl();
  return (number: string | null) => {
    if (!number) return intl.formatMessage({ id: "calls.number.unknown" });
    if (number === BROWSER_NUMBER) return intl.formatMessage({ id: "calls.number.browser" });
    return displayPhone(number);
  };
}
