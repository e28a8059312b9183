import type { PublicScope } from "./tenant.ts";

export interface Limit {
  /** What is limited and for whom, e.g. `login:ip+email:…`. */
  bucket: string;
  max: number;
  windowSeconds: number;
}

/** The longest window any limit uses; rows older than it count for nothing. */
const LONGEST_WINDOW_SECONDS = 24 * 3600;

// Buckets name addresses and emails; the table keeps only their SHA-256.
const key = ({ sql }: PublicScope, bucket: string) => sql`encode(sha256(convert_to(${bucket}, 'UTF8')), 'hex')`;
/** The start of the fixed window `now` falls in; the caller's time, as pruning takes it too. */
const windowStart = (now: Date, windowSeconds: number) => new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);

/**
 * Fixed-window counters kept in PostgreSQL, so a limit holds across every Worker instance.
 * Adds this hit and answers the window's hits, this one included, in one statement: requests
 * arriving together each see their own count, never a count read before the others wrote.
 */
export async function addHit(scope: PublicScope, { bucket, windowSeconds }: Limit, now: Date): Promise<number> {
  const [row] = await scope.sql<{ hits: number }[]>`
    insert into rate_limits (bucket, window_start, hits) values (${key(scope, bucket)}, ${windowStart(now, windowSeconds)}, 1)
    on conflict (bucket, window_start) do update set hits = rate_limits.hits + 1
    returning hits`;
  return row!.hits;
}

/** Takes this request's hit back from the current window: it turned out to be no abuse. */
export async function removeHit(scope: PublicScope, { bucket, windowSeconds }: Limit, now: Date): Promise<void> {
  await scope.sql`update rate_limits set hits = hits - 1
                  where bucket = ${key(scope, bucket)} and window_start = ${windowStart(now, windowSeconds)} and hits > 0`;
}

/** Starts a limit's count afresh, e.g. once the person it guards has proven who they are. */
export async function clearHits(scope: PublicScope, { bucket }: Limit): Promise<void> {
  await scope.sql`delete from rate_limits where bucket = ${key(scope, bucket)}`;
}

/** Drops the counters of windows that had ended by `now`; the cron runs it. */
export async function pruneHits({ sql }: PublicScope, now: Date): Promise<number> {
  const pruned = await sql`delete from rate_limits where window_start < ${new Date(now.getTime() - LONGEST_WINDOW_SECONDS * 1000)}`;
  return pruned.count;
}
