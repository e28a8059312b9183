import postgres from "postgres";
import type { Bindings } from "./env.ts";

/**
 * A client for one request. postgres.js connects lazily, so requests that never touch
 * the database open no socket. Hyperdrive, when bound, pools connections in front of
 * Supabase; otherwise DATABASE_URL is used directly (local and tests).
 */
export function connect(env: Bindings) {
  const url = env.HYPERDRIVE?.connectionString ?? env.DATABASE_URL;
  if (!url) throw new Error("No database configured: set DATABASE_URL or bind HYPERDRIVE.");
  return postgres(url, {
    max: 5,
    // Hyperdrive pools connections; fetching the server's type list per request costs a round trip.
    fetch_types: false,
    onnotice: () => {},
  });
}
