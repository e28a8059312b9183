import { Hono } from "hono";
import type { UnsubscribeView } from "../../../contract/visit.ts";
import { messageTenant, messageTexts, optedOut, optOut } from "../../data/client-messages.ts";
import { salonProfile } from "../../data/salons.ts";
import { beforeTenant, withTenant } from "../../data/tenant.ts";
import type { AppEnv, RequestContext } from "../../env.ts";
import { clientAddress, enforce, type Limit } from "../../platform/http/rate-limit.ts";
import { invalidLink, linkedId } from "./link.ts";

const perClient = (ip: string): Limit => ({ bucket: `unsubscribe:ip:${ip}`, max: 30, windowSeconds: 3600 });

/** An address shown without giving it away to whoever holds the link: j•••@example.com. */
export function maskedEmail(address: string): string {
  const at = address.lastIndexOf("@");
  return at > 0 ? `${address[0]}•••${address.slice(at)}` : "•••";
}

/** The email the link names, and whether its address has left the salon's emails; `leave` makes it so. */
async function emailSubscription(c: RequestContext, leave: boolean): Promise<UnsubscribeView> {
  const id = await linkedId(c, "unsubscribe");
  await enforce(c, perClient(clientAddress(c)));
  const tenant = await beforeTenant(c.var.db, (scope) => messageTenant(scope, id));
  if (!tenant) throw invalidLink(c);
  return withTenant(c.var.db, tenant, async (scope) => {
    const message = await messageTexts(scope, id);
    if (message.channel !== "email" || !message.recipient) throw invalidLink(c);
    const address = message.recipient.toLowerCase();
    if (leave) await optOut(scope, "email", address);
    const salon = await salonProfile(scope);
    const left = await optedOut(scope, "email", [address]);
    return { salon_name: salon?.name ?? "", address: maskedEmail(address), opted_out: left.has(address) };
  });
}

/**
 * /api/unsubscribe/:token: leaving a salon's emails from the link in one. Reading never
 * unsubscribes (mail scanners open links); a POST does, with any body, including the
 * one-click form of RFC 8058 (`List-Unsubscribe=One-Click`), and again without harm.
 */
export const unsubscribeRoutes = new Hono<AppEnv>()
  .get("/:token", async (c) => c.json<UnsubscribeView>(await emailSubscription(c, false)))
  .post("/:token", async (c) => c.json<UnsubscribeView>(await emailSubscription(c, true)));
