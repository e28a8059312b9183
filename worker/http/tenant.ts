import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { UUID } from "../../contract/ids.ts";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_TIME_ZONE } from "../../contract/salon.ts";
import { isTimeZone } from "../../contract/time-zone.ts";
import type { AuthedEnv } from "../auth/middleware.ts";
import { notFound } from "../data/errors.ts";
import { membershipOf, type Membership } from "../data/salons.ts";
import { asMember, withTenant, type TenantScope } from "../data/tenant.ts";

export interface SalonEnv extends AuthedEnv {
  Variables: AuthedEnv["Variables"] & { salon: Membership };
}

function browserTimeZone(c: Context): string {
  const zone = c.req.header("x-time-zone");
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/**
 * Gives the handler the salon the signed-in person belongs to, made with the spec's defaults
 * on an owner's first visit (time zone from the browser). Runs after requireUser.
 */
export const requireSalon = createMiddleware<SalonEnv>(async (c, next) => {
  const salon = await asMember(c.var.db, c.var.user.id, (scope) =>
    membershipOf(scope, { name: c.var.t("salon.defaultName"), businessHours: DEFAULT_BUSINESS_HOURS, timeZone: browserTimeZone(c) }),
  );
  c.set("salon", salon);
  await next();
});

/** Runs data work in the request's salon, as the signed-in person. */
export function inSalon<T>(c: Context<SalonEnv>, work: (scope: TenantScope) => Promise<T>): Promise<T> {
  return withTenant(c.var.db, { salonId: c.var.salon.salonId, userId: c.var.user.id }, work);
}

/** The `:id` of a route; anything that is not a uuid cannot be one of this salon's rows. */
export function rowId(c: Context<SalonEnv>): string {
  const id = c.req.param("id");
  if (!id || !UUID.test(id)) throw notFound();
  return id;
}
