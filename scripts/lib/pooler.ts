import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { resolve } from "node:path";
import { ensureWorkerRole, WORKER_ROLE } from "./migrate.ts";
import { run, stopProcess, waitUntilReady } from "./processes.ts";

/** Debian's PgBouncer (package pgbouncer). */
const PGBOUNCER = "/usr/sbin/pgbouncer";

export interface RunningPooler {
  /** `url` with its host and port moved to the pooler. */
  through(url: string): string;
  stop(): Promise<void>;
}

/** Whether something listens on the port. */
const listens = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => {
      socket.end();
      done(true);
    }).on("error", () => done(false));
  });

/**
 * A connection pooler in front of a local Postgres, as Hyperdrive is in front of Supabase in
 * production: the Worker opens a connection per request, and a pooled one is handed over in
 * well under a millisecond where a new server process costs tens of them. Session pooling,
 * each connection reset (DISCARD ALL) before it serves another client, so nothing of one
 * request's session reaches the next. Null where PgBouncer is not installed: connections then
 * go straight to the server.
 */
export async function startPooler(dir: string, port: number, server: { port: number; users: Record<string, string> }): Promise<RunningPooler | null> {
  if (!existsSync(PGBOUNCER)) return null;
  // Whatever already listens there would pass for the pooler below, and take its connections.
  if (await listens(port)) throw new Error(`port ${port}, the pooler's, is taken: another server listens there`);
  const folder = resolve(dir);
  mkdirSync(folder, { recursive: true });
  const users = Object.entries(server.users).map(([user, password]) => `"${user}" "${password}"`).join("\n");
  writeFileSync(resolve(folder, "users.txt"), `${users}\n`);
  writeFileSync(
    resolve(folder, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=127.0.0.1 port=${server.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = plain",
      `auth_file = ${resolve(folder, "users.txt")}`,
      "pool_mode = session",
      "server_reset_query = DISCARD ALL",
      "max_client_conn = 1000",
      "default_pool_size = 40",
      // A request that finds every server connection busy waits for one rather than failing at once.
      "query_wait_timeout = 30",
      `logfile = ${resolve(folder, "pgbouncer.log")}`,
      `pidfile = ${resolve(folder, "pgbouncer.pid")}`,
      "",
    ].join("\n"),
  );
  // PgBouncer, like Postgres, refuses to run as root: as root it runs as postgres, in a folder of its own.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["-R", "postgres", folder]);
  const child = run(PGBOUNCER, [...(asRoot ? ["-u", "postgres"] : []), resolve(folder, "pgbouncer.ini")]);
  // It logs to its file as well; what it writes to the pipes is read and dropped, so they never fill.
  child.stdout?.resume();
  child.stderr?.resume();
  await waitUntilReady(child, `the pooler on port ${port}`, () => listens(port), 10_000);
  return {
    through(url) {
      const pooled = new URL(url);
      pooled.host = `127.0.0.1:${port}`;
      return pooled.toString();
    },
    stop: () => stopProcess(child),
  };
}

/**
 * The Worker's connection string to a local server: its own login, subject to row-level
 * security, through a pooler at the server's port + 10 where PgBouncer is installed.
 */
export async function workerConnection(adminUrl: string, databaseUrl: string, poolerDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const url = await ensureWorkerRole(adminUrl, databaseUrl);
  const port = Number(new URL(databaseUrl).port);
  const pooler = await startPooler(poolerDir, port + 10, { port, users: { [WORKER_ROLE.name]: WORKER_ROLE.password } });
  return { url: pooler?.through(url) ?? url, stop: async () => pooler?.stop() };
}
