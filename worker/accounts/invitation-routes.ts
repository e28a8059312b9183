import { Hono, type Context } from "hono";
import { requireUser, type AuthedEnv } from "./middleware.ts";
import { notFound } from "../data/errors.ts";
import { acceptInvitation, viewInvitation } from "../data/team.ts";
import { asMember, beforeTenant } from "../data/tenant.ts";
import type { AppEnv } from "../env.ts";
import { clientAddress, enforce } from "../platform/http/rate-limit.ts";

/** A link's token as made: 43 URL-safe characters. Anything else is no invitation. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function token(c: Context): string {
  const value = c.req.param("token");
  if (!value || !TOKEN.test(value)) throw notFound();
  return value;
}

/** Looking links up is limited per address, so tokens cannot be tried in bulk. */
const lookups = <E extends AppEnv>(c: Context<E>) => enforce(c, { bucket: `invitation:ip:${clientAddress(c)}`, max: 30, windowSeconds: 600 });

/** Everything under /api/invitations: what an invitation's link offers, and accepting it. */
export const invitationRoutes = new Hono<AppEnv>()
  .get("/:token", async (c) => {
    const value = token(c);
    await lookups(c);
    return c.json(await beforeTenant(c.var.db, (scope) => viewInvitation(scope, value)));
  })
  .post("/:token/accept", requireUser, async (c: Context<AuthedEnv>) => {
    const value = token(c);
    await lookups(c);
    const { id, email } = c.var.user;
    return c.json(await asMember(c.var.db, id, (scope) => acceptInvitation(c.var.db, scope, value, email)));
  });
