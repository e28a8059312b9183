import type { IntlShape } from "react-intl";
import { ApiRequestError } from "../../lib/api-client.ts";

/** The server's detail, or what went wrong on the way ("detail or message" in the error catalogue). */
export function detailOrMessage(error: unknown, intl: IntlShape): string {
  if (error instanceof ApiRequestError) return error.detail ?? error.message;
  // fetch rejects with a TypeError when no answer came at all.
  if (error instanceof TypeError) return intl.formatMessage({ id: "calls.error.unreachable" });
  return error instanceof Error ? error.message : String(error);
}

/** The three statistics failures of the error catalogue: an answer with a status, no answer, anything else. */
export function statsFailure(error: unknown, intl: IntlShape): string {
  if (error instanceof ApiRequestError) {
    return intl.formatMessage(
      { id: "calls.toast.statsFailed" },
      { status: error.status, detail: error.detail ?? intl.formatMessage({ id: "calls.error.unknown" }) },
    );
  }
  if (error instanceof TypeError) return intl.formatMessage({ id: "calls.toast.statsNoResponse" });
  return intl.formatMessage({ id: "calls.toast.statsMessage" }, { message: error instanceof Error ? error.message : String(error) });
}
