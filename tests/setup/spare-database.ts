import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type RunningPostgres } from "../../scripts/lib/embedded-postgres.ts";
import { ensureDatabase, ensureWorkerRole, migrate } from "../../scripts/lib/migrate.ts";

// Beside the main test database: TEST_PG_SPARE_PORT, or the port after TEST_PG_PORT's.
const PORT = Number(process.env.TEST_PG_SPARE_PORT ?? Number(process.env.TEST_PG_PORT ?? 54330) + 1);
const DIR = `.data/postgres-spare-${PORT}`;

/** The server's processes: the postmaster (first line of postmaster.pid) and its children. */
function serverProcesses(): number[] {
  const postmaster = Number(readFileSync(resolve(DIR, "postmaster.pid"), "utf8").split("\n")[0]);
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // /proc/<pid>/stat: "pid (name) state ppid ..."; the name may hold spaces.
        return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [...children, postmaster];
}

function signal(name: NodeJS.Signals) {
  for (const pid of serverProcesses()) {
    try {
      process.kill(pid, name);
    } catch (error) {
      // A backend that ended since the list was read.
      if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
    }
  }
}

/**
 * A PostgreSQL of its own for the tests that take the database away from the Worker: it is
 * started on the first request, and then killed, frozen, thawed and restarted on request
 * (POST /start, /kill, /freeze, /thaw, /restart to the URL given as `spareDatabase`).
 * Signals go to the server's processes only.
 */
export default async function setup(project: TestProject) {
  let pg: RunningPostgres | undefined;
  let frozen = false;
  const actions: Record<string, () => Promise<unknown>> = {
    start: async () => {
      pg ??= await startEmbeddedPostgres(DIR, PORT);
      const url = pg.urlFor("receptionist_spare");
      await ensureDatabase(pg.adminUrl, "receptionist_spare", { fresh: true });
      await migrate(url);
      return { databaseUrl: url, workerDatabaseUrl: await ensureWorkerRole(pg.adminUrl, url) };
    },
    kill: async () => signal("SIGKILL"),
    freeze: async () => {
      signal("SIGSTOP");
      frozen = true;
    },
    thaw: async () => {
      signal("SIGCONT");
      frozen = false;
    },
    restart: async () => pg?.restart(),
  };
  const server = createServer(async (req, res) => {
    const action = actions[req.url?.slice(1) ?? ""];
    try {
      if (req.method !== "POST" || !action) throw new Error(`unknown action ${req.method} ${req.url}`);
      const result = await action();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result ?? {}));
    } catch (error) {
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: String(error) }));
    }
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  project.provide("spareDatabase", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    server.close();
    if (frozen) signal("SIGCONT");
    await pg?.stop();
  };
}
