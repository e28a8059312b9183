import postgres, { type Sql } from "postgres";
import type { Database } from "./tenant.ts";

export type { Database };

/** Where the database is: Hyperdrive in front of Supabase in production, else a plain URL. */
export interface DatabaseConfig {
  DATABASE_URL?: string;
  HYPERDRIVE?: Hyperdrive;
}

/**
 * A client of its own. postgres.js connects lazily, so work that never touches the database
 * opens no socket. Hyperdrive, when bound, pools connections in front of Supabase; otherwise
 * DATABASE_URL is used directly (local and tests).
 */
function connect(env: DatabaseConfig, max = 5): Sql {
  const url = env.HYPERDRIVE?.connectionString ?? env.DATABASE_URL;
  if (!url) throw new Error("No database configured: set DATABASE_URL or bind HYPERDRIVE.");
  return postgres(url, {
    max,
    // Hyperdrive pools connections; fetching the server's type list per request costs a round trip.
    fetch_types: false,
    onnotice: () => {},
  });
}

/** One client for a whole request, ended once the answer is out. */
export function requestDatabase(env: DatabaseConfig): { db: Database; close: () => Promise<void> } {
  const sql = connect(env);
  return { db: (work) => work(sql), close: () => sql.end({ timeout: 5 }) };
}

/**
 * For what outlives a request, such as a call's Durable Object: a short-lived client per
 * piece of work instead of one held for minutes. An idle connection held across a whole
 * call would be cut by the pooler anyway, and Hyperdrive makes connecting cheap.
 */
export function database(env: DatabaseConfig): Database {
  return async (work) => {
    const sql = connect(env, 1);
    try {
      return await work(sql);
    } finally {
      sql.end({ timeout: 5 }).catch(() => {});
    }
  };
}
