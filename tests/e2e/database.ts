import postgres from "postgres";
import { afterAll, inject } from "vitest";

/** The browser tests' server's database, for rows a test puts in place or reads back. */
export const sql = postgres(inject("databaseUrl"), { max: 2, onnotice: () => {} });

afterAll(() => sql.end());
