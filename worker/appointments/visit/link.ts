import { VISIT_CODES } from "../../../contract/visit.ts";
import { linkMaker, readLink, type LinkPurpose } from "../../clients/messaging/links.ts";
import type { RequestContext } from "../../env.ts";
import { ApiError } from "../../platform/http/errors.ts";

/** A link that names nothing of ours: forged, cut short, made for another purpose, or its row is gone. */
export const invalidLink = (c: RequestContext) =>
  new ApiError(404, { detail: c.var.t("clientLink.error.invalid"), code: VISIT_CODES.linkInvalid });

/**
 * The row the route's `:token` names for `purpose`. Checked by its signature alone, before any
 * database work, so guessing costs the database nothing. Without the settings that make links
 * (linkMaker), no link can be one of ours.
 */
export async function linkedId(c: RequestContext, purpose: LinkPurpose): Promise<string> {
  const secret = linkMaker(c.env)?.secret;
  const link = secret ? await readLink(secret, purpose, c.req.param("token") ?? "") : null;
  if (!link) throw invalidLink(c);
  if (link.expired) throw new ApiError(404, { detail: c.var.t("clientLink.error.expired"), code: VISIT_CODES.linkExpired });
  return link.id;
}
