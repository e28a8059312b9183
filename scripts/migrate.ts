// Applies pending migrations to DATABASE_URL (production: the Supabase connection string).
import { migrate } from "./lib/migrate.ts";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("Set DATABASE_URL to the database to migrate.");
  process.exit(1);
}
await migrate(url, console.log);
console.log("migrations up to date");
