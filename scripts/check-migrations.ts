// Fails when a migration added to the repository sorts before one committed earlier: a
// database that applied the earlier one would never see it in order (scripts/lib/migrate.ts
// refuses to apply it there). Files committed up to ORDER_KEPT_FROM are history a deployed
// database has applied as they are; they are not renamed.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { MIGRATION_FILE, MIGRATIONS_DIR } from "./lib/migrate.ts";

/** The first migration whose successors all keep their order. */
const ORDER_KEPT_FROM = "20261202100000";

function git(args: string[]): string | null {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return null;
  }
}

const shallow = git(["rev-parse", "--is-shallow-repository"])?.trim();
if (shallow !== "false") {
  console.log("migrations: not checked, this copy has no whole git history");
  process.exit(0);
}

// Oldest commit first; a file's version is committed when the file is added or renamed to it.
const log = git(["log", "--reverse", "--diff-filter=AR", "--format=format:@", "--name-status", "--", "supabase/migrations"]);
if (log === null) {
  console.error("migrations: git could not read the history of supabase/migrations");
  process.exit(1);
}
const committed: string[][] = log
  .split("@")
  .map((commit) =>
    commit
      .split("\n")
      .map((line) => line.split("\t").at(-1)!.split("/").at(-1)!)
      .filter((file) => MIGRATION_FILE.test(file)),
  )
  .filter((files) => files.length);
// What the working tree adds beyond the last commit counts as the newest commit.
const known = new Set(committed.flat());
const added = readdirSync(MIGRATIONS_DIR).filter((file) => MIGRATION_FILE.test(file) && !known.has(file));
if (added.length) committed.push(added);

const wrong: string[] = [];
let newest = "";
let checked = false;
for (const files of committed) {
  for (const file of files) {
    if (checked && file < newest) wrong.push(`${file} sorts before ${newest}, committed earlier`);
  }
  newest = [newest, ...files].sort().at(-1)!;
  checked ||= files.some((file) => file.startsWith(ORDER_KEPT_FROM));
}
if (wrong.length) {
  console.error(`migrations out of order:\n  ${wrong.join("\n  ")}\nName a new migration with the time it is written (supabase migration new <name>).`);
  process.exit(1);
}
console.log(`migrations: ${committed.flat().length} in the order they were committed`);
