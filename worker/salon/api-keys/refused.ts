import type { RequestContext } from "../../env.ts";
import { ApiError } from "../../platform/http/errors.ts";

/** The refusal of an API key where only a signed-in person may act: keys, the account, sign-in. */
export const keyRefused = (c: RequestContext) => new ApiError(403, { detail: c.var.t("apiKeys.error.sessionOnly"), code: "session_required" });
