import postgres from "postgres";

/**
 * Supabase's Data API roles with the grants Supabase gives them on the public schema, made
 * before the migrations run, so the tests see what a Supabase database would expose.
 */
export async function addSupabaseApiRoles(databaseUrl: string) {
  const sql = postgres(databaseUrl, { onnotice: () => {}, max: 1 });
  try {
    for (const role of ["anon", "authenticated"]) {
      const [exists] = await sql`select 1 from pg_roles where rolname = ${role}`;
      if (!exists) await sql.unsafe(`create role ${role} nologin`);
    }
    await sql.unsafe(`
      grant usage on schema public to anon, authenticated;
      alter default privileges in schema public grant all on tables to anon, authenticated;
      alter default privileges in schema public grant all on sequences to anon, authenticated;
      alter default privileges in schema public grant all on functions to anon, authenticated;`);
  } finally {
    await sql.end();
  }
}
