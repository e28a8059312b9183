import { afterAll, describe, expect, it } from "vitest";
import { db } from "./helpers.ts";

// The test database has Supabase's Data API roles with Supabase's default grants
// (tests/setup/supabase-api-roles.ts): what they can reach, anyone with the project's
// public key could read or change through the Data API.
const sql = db();
afterAll(() => sql.end());

const API_ROLES = ["anon", "authenticated"];

describe("what Supabase's Data API could reach", () => {
  it("every table has row-level security", async () => {
    const open = await sql<{ relname: string }[]>`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`;
    expect(open.map((row) => row.relname)).toEqual([]);
  });

  it("the API roles can read or change no table and run no function of the product", async () => {
    const tables = await sql<{ relname: string }[]>`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
        and (has_table_privilege('anon', c.oid, 'select, insert, update, delete')
          or has_table_privilege('authenticated', c.oid, 'select, insert, update, delete'))`;
    expect(tables.map((row) => row.relname)).toEqual([]);
    // Functions that run with their owner's rights would hand the API roles the tables.
    const functions = await sql<{ proname: string }[]>`
      select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef
        and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))`;
    expect(functions.map((row) => row.proname)).toEqual([]);
  });

  it("signed in as an API role, accounts and salons are refused", async () => {
    for (const role of API_ROLES) {
      for (const table of ["users", "refresh_tokens", "rate_limits", "mail_outbox", "salons", "calls"]) {
        const attempt = sql.begin(async (tx) => {
          await tx.unsafe(`set local role ${role}`);
          return tx.unsafe(`select * from ${table} limit 1`);
        });
        await expect(attempt, `${role} reading ${table}`).rejects.toMatchObject({ code: "42501" });
      }
    }
  });
});
