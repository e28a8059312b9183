import type { IntlShape } from "react-intl";
import type { ClientSummary } from "../../../contract/clients.ts";
import { displayPhone } from "../../../contract/phone.ts";
import { errorDetail } from "../../lib/api-client.ts";

/** What names a client where a name is wanted: their name, else their first number, else "No name". */
export const clientLabel = (client: Pick<ClientSummary, "name" | "phones">, intl: IntlShape) =>
  client.name ?? (client.phones[0] ? displayPhone(client.phones[0]) : intl.formatMessage({ id: "clients.unnamed" }));

/** Why a request failed, for the end of a "Could not …: {detail}" message. */
export const failureDetail = (error: unknown, intl: IntlShape) =>
  errorDetail(error, intl.formatMessage({ id: error instanceof TypeError ? "clients.error.noAnswer" : "clients.error.unknown" }));

/** A stylist as the salon's lists name them. */
export const stylistName = (stylist: { first_name: string; last_name: string }) => `${stylist.first_name} ${stylist.last_name}`.trim();

/** A call's length in the interface's language: seconds for a short one, whole minutes after. */
export const callLength = (seconds: number, intl: IntlShape) =>
  seconds < 60
    ? intl.formatNumber(seconds, { style: "unit", unit: "second", unitDisplay: "short" })
    : intl.formatNumber(Math.round(seconds / 60), { style: "unit", unit: "minute", unitDisplay: "short" });

/** An appointment's or a call's start in the salon's time zone, written the interface's way. */
export const when = (instant: string, timeZone: string, intl: IntlShape) =>
  intl.formatDate(instant, { weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone });
