import type { PublicScope } from "./tenant.ts";

export interface Limit {
  /** What is limited and for whom, e.g. `login:ip+email:…`. */
  bucket: string;
  max: number;
  windowSeconds: number;
}

/** The longest window any limit uses; rows older than it count for nothing. */
const LONGEST_WINDOW_SECONDS = 24 * 3600;

/**
 * Fixed-window counters kept in PostgreSQL, so a limit holds across every Worker instance.
 * Adds this hit and answers the window's hits, this one included, in one statement: requests
 * arriving together each see their own count, never a count read before the others wrote.
 */
export async function addHit({ sql }: PublicScope, { bucket, windowSeconds }: Limit): Promise<number> {
  const [row] = await sql<{ hits: number }[]>`
    insert into rate_limits (bucket, window_start, hits)
    values (${bucket}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (bucket, window_start) do update set hits = rate_limits.hits + 1
    returning hits`;
  return row!.hits;
}

/** Takes this request's hit back from the current window: it turned out to be no abuse. */
export async function removeHit({ sql }: PublicScope, { bucket, windowSeconds }: Limit): Promise<void> {
  await sql`update rate_limits set hits = hits - 1 where bucket = ${bucket} and hits > 0
              and window_start = to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;
}

/** Starts a limit's count afresh, e.g. once the person it guards has proven who they are. */
export async function clearHits({ sql }: PublicScope, { bucket }: Limit): Promise<void> {
  await sql`delete from rate_limits where bucket = ${bucket}`;
}

/** Drops the counters of windows that have ended; the cron runs it. */
export async function pruneHits({ sql }: PublicScope): Promise<number> {
  const pruned = await sql`delete from rate_limits where window_start < now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})`;
  return pruned.count;
}
