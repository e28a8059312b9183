import { readdir, readFile } from "node:fs/promises";
import { resolve } from "node:path";
import postgres from "postgres";

export const MIGRATIONS_DIR = resolve(import.meta.dirname, "../../supabase/migrations");
/** `YYYYMMDDHHMMSS_name.sql`, the Supabase CLI's naming: the time it was written, then what it does. */
export const MIGRATION_FILE = /^\d{14}_.+\.sql$/;

/**
 * Applies every SQL file in supabase/migrations that has not run yet, each in its own
 * transaction. Bookkeeping uses the Supabase CLI's own table, so either tool can be used
 * on the same database without applying a file twice.
 */
export async function migrate(databaseUrl: string, log: (line: string) => void = () => {}) {
  const sql = postgres(databaseUrl, { onnotice: () => {}, max: 1 });
  try {
    await sql`create schema if not exists supabase_migrations`;
    await sql`create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text)`;
    const applied = new Set(
      (await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`).map(
        (row) => row.version,
      ),
    );
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => MIGRATION_FILE.test(f)).sort();
    // A pending file older than the newest applied one was written beside it and never ran
    // here: applying it now would run it after changes it predates. The Supabase CLI refuses
    // the same unless told to include it; so does this, naming the file.
    const newest = [...applied].sort().at(-1) ?? "";
    const late = files.filter((file) => !applied.has(file.slice(0, 14)) && file.slice(0, 14) < newest);
    if (late.length) {
      throw new Error(`migrations older than the newest applied (${newest}) were never applied here: ${late.join(", ")}. Rename them with the time they are written.`);
    }
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, "").split("_");
      if (!version || applied.has(version)) continue;
      const body = await readFile(resolve(MIGRATIONS_DIR, file), "utf8");
      await sql.begin(async (tx) => {
        await tx.unsafe(body);
        await tx`insert into supabase_migrations.schema_migrations (version, name)
                 values (${version}, ${rest.join("_")})`;
      });
      log(`applied ${file}`);
    }
  } finally {
    await sql.end();
  }
}

/** Creates `database` on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, database: string, { fresh = false } = {}) {
  const sql = postgres(adminUrl, { onnotice: () => {}, max: 1 });
  try {
    if (fresh) await sql.unsafe(`drop database if exists "${database}" with (force)`);
    const [exists] = await sql`select 1 from pg_database where datname = ${database}`;
    if (!exists) await sql.unsafe(`create database "${database}"`);
  } finally {
    await sql.end();
  }
}

/** The Worker's login on a developer's or the tests' database (never production's). */
export const WORKER_ROLE = { name: "recepta_worker", password: "recepta_worker_local" };

/**
 * A login role for the Worker on a developer's or the tests' database, member of recepta_app
 * (made by the migrations), so that row-level security applies to everything the Worker runs.
 * Returns its connection string. Beside it, the role `recepta_local` marks the server as one
 * of these: the local mailbox's function reads salons' messages only where it exists, and
 * the Worker's own login cannot create it.
 */
export async function ensureWorkerRole(adminUrl: string, databaseUrl: string): Promise<string> {
  const { name: role, password } = WORKER_ROLE;
  const sql = postgres(adminUrl, { onnotice: () => {}, max: 1 });
  try {
    const [exists] = await sql`select 1 from pg_roles where rolname = ${role}`;
    if (!exists) await sql.unsafe(`create role ${role} login password '${password}' in role recepta_app`);
    const [marked] = await sql`select 1 from pg_roles where rolname = 'recepta_local'`;
    if (!marked) await sql.unsafe("create role recepta_local nologin");
  } finally {
    await sql.end();
  }
  const url = new URL(databaseUrl);
  url.username = role;
  url.password = password;
  return url.toString();
}
