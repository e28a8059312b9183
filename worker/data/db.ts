import postgres, { type Sql } from "postgres";
import { DatabaseFailure, isUnreachable } from "./errors.ts";
import type { Database } from "./tenant.ts";

export type { Database };

/** Where the database is: Hyperdrive in front of Supabase in production, else a plain URL. */
export interface DatabaseConfig {
  DATABASE_URL?: string;
  HYPERDRIVE?: Hyperdrive;
}

/** Seconds a new connection may take, sign-in included, before the database counts as down. */
const CONNECT_TIMEOUT_SECONDS = 3;

/**
 * How long one piece of work may wait on the database. A frozen server answers nothing, not
 * even its own statement timeout (tenant.ts), so the client gives up by itself: the caller
 * hears within seconds instead of hanging until the platform's limit.
 */
const WORK_DEADLINE_MS = 4_500;

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
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    // Hyperdrive pools connections; fetching the server's type list per request costs a round trip.
    fetch_types: false,
    onnotice: () => {},
  });
}

/**
 * Runs work on `sql` within the deadline. Work the database cannot do, for want of a
 * connection or of an answer in time, fails as a DatabaseFailure ("unavailable"); past the
 * deadline the client's connections are closed, so nothing of the work lingers.
 */
async function guarded<T>(sql: Sql, work: (sql: Sql) => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseFailure("unavailable", { cause: new Error(`no answer within ${WORK_DEADLINE_MS} ms`) })), WORK_DEADLINE_MS);
  });
  const running = work(sql);
  try {
    return await Promise.race([running, deadline]);
  } catch (error) {
    if (error instanceof DatabaseFailure) {
      // The abandoned work rejects once its connections are gone; nobody waits for it any more.
      running.catch(() => {});
      sql.end({ timeout: 0 }).catch(() => {});
      throw error;
    }
    throw isUnreachable(error) ? new DatabaseFailure("unavailable", { cause: error }) : error;
  } finally {
    clearTimeout(timer);
  }
}

/** One client for a whole request, ended once the answer is out. */
export function requestDatabase(env: DatabaseConfig): { db: Database; close: () => Promise<void> } {
  const sql = connect(env);
  return { db: (work) => guarded(sql, work), close: () => sql.end({ timeout: 5 }) };
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
      return await guarded(sql, work);
    } finally {
      sql.end({ timeout: 5 }).catch(() => {});
    }
  };
}
