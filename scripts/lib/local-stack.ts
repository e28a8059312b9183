import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { startEmbeddedPostgres } from "./embedded-postgres.ts";
import { run, stopProcess, waitUntilReady } from "./processes.ts";
import { ensureDatabase, migrate } from "./migrate.ts";
import { workerConnection } from "./pooler.ts";
import { seedDemo } from "./seed.ts";

export interface StackOptions {
  /** Folder of the embedded cluster (kept across runs). */
  dataDir: string;
  pgPort: number;
  database: string;
  /** Drop and recreate the database first (tests). */
  freshDatabase?: boolean;
  workerPort: number;
  /** Where the SPA is reached; links in mail point there. */
  appUrl: string;
  /** Extra Worker variables, e.g. fake service base URLs in tests. */
  vars?: Record<string, string>;
  /**
   * Rebuild and reload the Worker whenever its code changes (npm run dev): wrangler dev.
   * Otherwise the Worker is bundled once and run by Miniflare (tests, benches), without the
   * reload proxy of wrangler dev, a hop production does not have, which now and then drops a
   * request on a connection it was closing.
   */
  watch?: boolean;
  log?: (line: string) => void;
}

export interface Stack {
  databaseUrl: string;
  workerUrl: string;
  stop(): Promise<void>;
}

const bin = (name: string) => `node_modules/.bin/${name}`;

// wrangler must neither phone home nor fetch Cloudflare metadata: the machine may be offline.
const OFFLINE_ENV = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_LOG: "warn" };

/** Resolves once `url` answers at all, or rejects when the process dies or time runs out. */
export const waitForHttp = (url: string, child: ChildProcess, timeoutMs = 60_000) =>
  waitUntilReady(child, url, () => fetch(url, { signal: AbortSignal.timeout(2000) }).then(() => true, () => false), timeoutMs);

function pipeOutput(streams: (Readable | null)[], prefix: string, log: (line: string) => void) {
  for (const stream of streams) {
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      for (const line of chunk.split("\n")) if (line.trim()) log(`${prefix} ${line}`);
    });
  }
}

/** A signing key kept beside the local database, so sign-ins survive a restart. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, "..", `${dataDir.split("/").pop()}.jwt-secret`);
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/**
 * The product on this machine: embedded PostgreSQL with migrations and demo data, and
 * the Worker under wrangler (workerd), serving /api and the built SPA from ./dist.
 */
export interface LocalDatabase {
  /** The owner's connection, for seeding and checking rows. */
  databaseUrl: string;
  /** The Worker's own login, subject to row-level security. */
  workerDatabaseUrl: string;
  stop(): Promise<void>;
}

/** The embedded PostgreSQL with the schema migrated, the demo seeded and the Worker's connection made. */
export async function startDatabase(options: Pick<StackOptions, "dataDir" | "pgPort" | "database" | "freshDatabase" | "log">): Promise<LocalDatabase> {
  const log = options.log ?? (() => {});
  const pg = await startEmbeddedPostgres(options.dataDir, options.pgPort);
  try {
    await ensureDatabase(pg.adminUrl, options.database, { fresh: options.freshDatabase });
    const databaseUrl = pg.urlFor(options.database);
    await migrate(databaseUrl, (line) => log(`[db] ${line}`));
    await seedDemo(databaseUrl, (line) => log(`[db] ${line}`));
    const worker = await workerConnection(pg.adminUrl, databaseUrl, `${options.dataDir}-pooler`);
    return {
      databaseUrl,
      workerDatabaseUrl: worker.url,
      async stop() {
        await worker.stop();
        await pg.stop();
      },
    };
  } catch (error) {
    await pg.stop();
    throw error;
  }
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const db = await startDatabase(options);
  try {
    // wrangler.toml serves ./dist; in development Vite serves the SPA and the folder may be empty.
    mkdirSync("dist", { recursive: true });
    const vars = {
      DATABASE_URL: db.workerDatabaseUrl,
      ENVIRONMENT: "local",
      APP_URL: options.appUrl,
      JWT_SECRET: localSecret(options.dataDir),
      ...options.vars,
    };
    const worker = options.watch
      ? await startWranglerDev(options.workerPort, vars, log)
      : await serveBundledWorker({ outdir: `${options.dataDir}-worker`, port: options.workerPort, bindings: vars, log });
    return {
      databaseUrl: db.databaseUrl,
      workerUrl: worker.url,
      async stop() {
        await worker.stop();
        await db.stop();
      },
    };
  } catch (error) {
    await db.stop();
    throw error;
  }
}

interface RunningWorker {
  url: string;
  stop(): Promise<void>;
}

/** The Worker under wrangler dev, rebuilt on every change of its code. */
async function startWranglerDev(port: number, vars: Record<string, string>, log: (line: string) => void): Promise<RunningWorker> {
  const worker = run(
    bin("wrangler"),
    ["dev", "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false",
      ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`])],
    OFFLINE_ENV,
  );
  pipeOutput([worker.stdout, worker.stderr], "[worker]", log);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, worker).catch(async (error: unknown) => {
    await stopProcess(worker);
    throw error;
  });
  return { url, stop: () => stopProcess(worker) };
}

/**
 * The Worker bundled as it is deployed, in workerd, run by Miniflare with wrangler.toml's
 * bindings, assets and Durable Objects, and `bindings` over its variables; on `port`, or a
 * free one.
 */
export async function serveBundledWorker(options: { outdir: string; port?: number; bindings: Record<string, string>; log?: (line: string) => void }): Promise<RunningWorker> {
  const bundle = await bundleWorker(options.outdir);
  // modulesRules serve a build that discovers its modules; the bundle's are listed.
  const { modulesRules: _rules, ...config } = unstable_getMiniflareWorkerOptions("wrangler.toml").workerOptions;
  const worker = new Miniflare({
    ...config,
    // Listed, not discovered: the bundle keeps optional imports of the mail SDK that are never taken.
    modules: [{ type: "ESModule", path: bundle, contents: readFileSync(bundle, "utf8") }],
    bindings: { ...config.bindings, ...options.bindings },
    host: "127.0.0.1",
    port: options.port,
    // Request.cf with placeholder values: Cloudflare's real one would be fetched from the network.
    cf: false,
    // What the Worker logs is shown with the stack's log, or read and dropped so its pipes never fill.
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => pipeOutput([stdout, stderr], "[worker]", options.log ?? (() => {})),
  });
  const url = (await worker.ready).origin;
  return { url, stop: () => worker.dispose() };
}

/** The Worker bundled as `wrangler deploy` would upload it, into `outdir/index.js`, without uploading. */
export async function bundleWorker(outdir: string): Promise<string> {
  const build = run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir], OFFLINE_ENV);
  const [code] = (await once(build, "exit")) as [number | null];
  if (code !== 0) throw new Error(`wrangler could not bundle the Worker (exit ${code})`);
  return join(outdir, "index.js");
}
