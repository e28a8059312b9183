import type { IntlShape } from "react-intl";
import { errorDetail } from "../../lib/api-client.ts";

/** Why a request failed, for the end of a "Could not …: {detail}" message. */
export const failureDetail = (error: unknown, intl: IntlShape) =>
  errorDetail(error, intl.formatMessage({ id: error instanceof TypeError ? "assistants.questions.error.noAnswer" : "assistants.questions.error.unknown" }));

/** A moment on the salon's clock, in the reader's language. */
export const when = (instant: string, timeZone: string, intl: IntlShape) => intl.formatDate(instant, { dateStyle: "medium", timeStyle: "short", timeZone });
