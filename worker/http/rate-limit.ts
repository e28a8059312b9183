import type { Context } from "hono";
import { hits, type Limit } from "../data/rate-limits.ts";
import { beforeTenant } from "../data/tenant.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "./errors.ts";

export type { Limit };

function tooMany(c: Context<AppEnv>, limit: Limit): ApiError {
  const minutes = Math.ceil(limit.windowSeconds / 60);
  c.header("Retry-After", String(limit.windowSeconds));
  return new ApiError(429, { detail: c.var.t("auth.error.rateLimited", { minutes }), code: "rate_limited" });
}

/** Counts a hit against `limit` and answers the window's count, this hit included. */
export const countHit = (c: Context<AppEnv>, limit: Limit) => beforeTenant(c.var.db, (scope) => hits(scope, limit, true));

/** Counts this request against each limit; throws 429 when one is exceeded. */
export async function enforce(c: Context<AppEnv>, ...limits: Limit[]) {
  for (const limit of limits) {
    if ((await countHit(c, limit)) > limit.max) throw tooMany(c, limit);
  }
}

/** Throws 429 when a limit is already full, without counting this request. */
export async function ensureBelow(c: Context<AppEnv>, ...limits: Limit[]) {
  for (const limit of limits) {
    if ((await beforeTenant(c.var.db, (scope) => hits(scope, limit, false))) >= limit.max) throw tooMany(c, limit);
  }
}

/** The address the request came from, as Cloudflare reports it. */
export const clientAddress = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip") ?? "local";
