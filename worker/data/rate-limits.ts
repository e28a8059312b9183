import type { PublicScope } from "./tenant.ts";

export interface Limit {
  /** What is limited and for whom, e.g. `login-failed:email:a@b.co`. */
  bucket: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in PostgreSQL, so a limit holds across every Worker instance.
 * Answers the window's hits, with this one added when `add`.
 */
export async function hits({ sql }: PublicScope, { bucket, windowSeconds }: Limit, add: boolean): Promise<number> {
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
