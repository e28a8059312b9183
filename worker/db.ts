import postgres, { type Sql, type TransactionSql } from "postgres";
import type { Bindings } from "./env.ts";

/**
 * A client for one request. postgres.js connects lazily, so requests that never touch
 * the database open no socket. Hyperdrive, when bound, pools connections in front of
 * Supabase; otherwise DATABASE_URL is used directly (local and tests).
 */
export function connect(env: Bindings, max = 5) {
  const url = env.HYPERDRIVE?.connectionString ?? env.DATABASE_URL;
  if (!url) throw new Error("No database configured: set DATABASE_URL or bind HYPERDRIVE.");
  return postgres(url, {
    max,
    // Hyperdrive pools connections; fetching the server's type list per request costs a round trip.
    fetch_types: false,
    onnotice: () => {},
  });
}

/**
 * Runs `work` in a transaction bound to one salon: row-level security then admits only that
 * salon's rows, whatever the query says. `userId`, when known, binds the owner as well.
 */
export function inTenant<T>(sql: Sql, salonId: string, work: (tx: TransactionSql) => Promise<T>, userId = ""): Promise<T> {
  return sql.begin(async (tx) => {
    await tx`select set_config('app.user_id', ${userId}, true), set_config('app.salon_id', ${salonId}, true)`;
    return work(tx);
  }) as Promise<T>;
}

/** Runs a piece of work with a database client of its own. */
export type Database = <T>(work: (sql: Sql) => Promise<T>) => Promise<T>;

/**
 * For what outlives a request, such as a call's Durable Object: a short-lived client per
 * piece of work instead of one held for minutes. An idle connection held across a whole
 * call would be cut by the pooler anyway, and Hyperdrive makes connecting cheap.
 */
export function database(env: Bindings): Database {
  return async (work) => {
    const sql = connect(env, 1);
    try {
      return await work(sql);
    } finally {
      sql.end({ timeout: 5 }).catch(() => {});
    }
  };
}
