import type { Context } from "hono";
import type { Sql } from "postgres";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";

export interface Limit {
  /** What is limited and for whom, e.g. `login-failed:email:a@b.co`. */
  bucket: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in PostgreSQL, so the limit holds across every Worker
 * instance. `count` adds a hit and fails when the window is full; `peek` only checks.
 */
export async function hits(sql: Sql, { bucket, windowSeconds }: Limit, add: boolean): Promise<number> {
  const [row] = add
    ? await sql<{ hits: number }[]>`
        insert into rate_limits (bucket, window_start, hits)
        values (${bucket}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
        on conflict (bucket, window_start) do update set hits = rate_limits.hits + 1
        returning hits`
    : await sql<{ hits: number }[]>`
        select hits from rate_limits where bucket = ${bucket}
          and window_start = to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;
  return row?.hits ?? 0;
}

function tooMany(c: Context<AppEnv>, limit: Limit): ApiError {
  const minutes = Math.ceil(limit.windowSeconds / 60);
  c.header("Retry-After", String(limit.windowSeconds));
  return new ApiError(429, { detail: c.var.t("auth.error.rateLimited", { minutes }), code: "rate_limited" });
}

/** Counts this request against each limit; throws 429 when one is exceeded. */
export async function enforce(c: Context<AppEnv>, ...limits: Limit[]) {
  for (const limit of limits) {
    if ((await hits(c.var.sql, limit, true)) > limit.max) throw tooMany(c, limit);
  }
}

/** Throws 429 when a limit is already full, without counting this request. */
export async function ensureBelow(c: Context<AppEnv>, ...limits: Limit[]) {
  for (const limit of limits) {
    if ((await hits(c.var.sql, limit, false)) >= limit.max) throw tooMany(c, limit);
  }
}

/** The address the request came from, as Cloudflare reports it. */
export const clientAddress = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip") ?? "local";
