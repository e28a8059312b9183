import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { UUID } from "../../../contract/ids.ts";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_TIME_ZONE } from "../../../contract/salon.ts";
import { isTimeZone } from "../../../contract/time-zone.ts";
import type { AuthedEnv } from "../../accounts/middleware.ts";
import { canUse, SALON_HEADER, seesWholeSalon, type Area } from "../../../contract/team.ts";
import { DataError, forbidden, notFound } from "../../data/errors.ts";
import { membershipOf, type Membership } from "../../data/salons.ts";
import { asMember, withTenant, type Tenant, type TenantScope } from "../../data/tenant.ts";

export interface SalonEnv extends AuthedEnv {
  Variables: AuthedEnv["Variables"] & { salon: Membership };
}

function browserTimeZone(c: Context): string {
  const zone = c.req.header("x-time-zone");
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/**
 * Gives the handler the salon the signed-in person works in (the one the request names, for
 * people in several), with their role there; made with the spec's defaults on an owner's first
 * visit (time zone from the browser). Runs after requireUser, on every request, so a removed
 * member's next request is refused.
 */
export const requireSalon = createMiddleware<SalonEnv>(async (c, next) => {
  const named = c.req.header(SALON_HEADER);
  if (named !== undefined && !UUID.test(named)) throw new DataError("forbidden", "team.error.notMember", { code: "not_member" });
  const salon = await asMember(c.var.db, c.var.user.id, (scope) =>
    membershipOf(scope, named, { name: c.var.t("salon.defaultName"), businessHours: DEFAULT_BUSINESS_HOURS, timeZone: browserTimeZone(c) }),
  );
  c.set("salon", salon);
  await next();
});

/** Refuses a request whose person's role may not use `area` of the dashboard. */
export const allow = (area: Area) =>
  createMiddleware<SalonEnv>(async (c, next) => {
    if (!canUse(c.var.salon.role, area)) throw forbidden();
    await next();
  });

/** Refuses a stylist: for what reaches every client of the salon at once (exports, merges, erasure, messages). */
export const wholeSalonOnly = createMiddleware<SalonEnv>(async (c, next) => {
  if (!seesWholeSalon(c.var.salon.role)) throw forbidden();
  await next();
});

/** Like allow, for the changes only: everyone in the salon reads (the calendar needs the salon, its stylists and services). */
export const allowChanges = (area: Area) =>
  createMiddleware<SalonEnv>(async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && !canUse(c.var.salon.role, area)) throw forbidden();
    await next();
  });

/** The request's salon and person, as the data layer is entered with them. */
export const tenantOf = (c: Context<SalonEnv>): Tenant => ({
  salonId: c.var.salon.salonId,
  userId: c.var.user.id,
  ownStylist: seesWholeSalon(c.var.salon.role) ? null : c.var.salon.stylistId,
});

/** Runs data work in the request's salon, as the signed-in person. */
export function inSalon<T>(c: Context<SalonEnv>, work: (scope: TenantScope) => Promise<T>): Promise<T> {
  return withTenant(c.var.db, tenantOf(c), work);
}

/** The `:id` of a route; anything that is not a uuid cannot be one of this salon's rows. */
export function rowId(c: Context<SalonEnv>): string {
  const id = c.req.param("id");
  if (!id || !UUID.test(id)) throw notFound();
  return id;
}
