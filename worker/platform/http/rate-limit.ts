import { DataError } from "../../data/errors.ts";
import { addHit, clearHits, removeHit, type Limit } from "../../data/rate-limits.ts";
import { beforeTenant } from "../../data/tenant.ts";
import type { RequestContext } from "../../env.ts";
import { ApiError } from "./errors.ts";

export type { Limit };

function tooMany(c: RequestContext, limit: Limit): ApiError {
  c.header("Retry-After", String(limit.windowSeconds));
  // A day's window reads as hours, not as 1440 minutes.
  const detail =
    limit.windowSeconds > 2 * 3600
      ? c.var.t("api.error.rateLimitedHours", { hours: Math.ceil(limit.windowSeconds / 3600) })
      : c.var.t("auth.error.rateLimited", { minutes: Math.ceil(limit.windowSeconds / 60) });
  return new ApiError(429, { detail, code: "rate_limited" });
}

/**
 * Counts a hit against `limit` and answers the window's count, this hit included. Counted
 * before the work it guards, so requests sent together cannot all pass a check made before
 * any of them was counted.
 */
export const countHit = (c: RequestContext, limit: Limit) => beforeTenant(c.var.db, (scope) => addHit(scope, limit, new Date()));

/** Whether this request still fits `limit`, counting it; for limits that skip work silently. */
export const withinLimit = async (c: RequestContext, limit: Limit) => (await countHit(c, limit)) <= limit.max;

/** Counts this request against each limit; throws 429 when one is exceeded. */
export async function enforce(c: RequestContext, ...limits: Limit[]) {
  for (const limit of limits) {
    if (!(await withinLimit(c, limit))) throw tooMany(c, limit);
  }
}

/**
 * Counts a request against the limits before its work, so requests sent together cannot all
 * pass, and gives the counts back when the work is refused, so a person who lost a race or
 * mistyped is not short of tries.
 */
export async function spending<T>(c: RequestContext, counted: Limit[], work: () => Promise<T>): Promise<T> {
  await enforce(c, ...counted);
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError || error instanceof DataError) await Promise.all(counted.map((limit) => refundHit(c, limit)));
    throw error;
  }
}

/** Takes this request's hit back, once it has proven harmless (a right password). */
export const refundHit = (c: RequestContext, limit: Limit) => beforeTenant(c.var.db, (scope) => removeHit(scope, limit, new Date()));

/** Starts a limit's count afresh. */
export const forgetHits = (c: RequestContext, limit: Limit) => beforeTenant(c.var.db, (scope) => clearHits(scope, limit));

/** The address the request came from, as Cloudflare reports it. */
export const clientAddress = (c: RequestContext) => c.req.header("cf-connecting-ip") ?? "local";
