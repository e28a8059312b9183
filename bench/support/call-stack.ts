// The product as the call benches run it: the bundled Worker in workerd, run by Miniflare
// (wrangler dev would add its reload proxy, a hop production does not have), a database of
// the bench's own, and the fake speech model in a process of its own, as a real one would
// be, so the bench's process only measures.
import { fork } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import { bundleWorker, startDatabase } from "../../scripts/lib/local-stack.ts";

export interface CallStack {
  workerUrl: string;
  /** The fake model's address (its `/control` line in scripted mode, see tests/fakes/realtime.ts). */
  modelUrl: string;
  /** The owner's connection to the bench's database. */
  databaseUrl: string;
  /** The Worker's own login to it (row-level security on). */
  workerDatabaseUrl: string;
  stop(): Promise<void>;
}

/** `name` keeps each bench's database and build apart; the model runs in `mode` (tests/fakes/realtime.ts). */
export async function startCallStack(name: string, mode: "echo" | "scripted"): Promise<CallStack> {
  const modelProcess = fork("tests/fakes/realtime.ts", ["--serve", mode], { execArgv: ["--import", "tsx"] });
  const [modelUrl] = (await once(modelProcess, "message")) as [string];
  const db = await startDatabase({
    dataDir: `.data/postgres-bench-${name}`,
    pgPort: Number(process.env.BENCH_PG_PORT ?? 54395),
    database: "receptionist_bench",
    freshDatabase: true,
  });
  const bundle = await bundleWorker(`.data/bench-${name}-build`);
  const worker = new Miniflare({
    // Listed, not discovered: the bundle keeps optional imports of the mail SDK that are never taken.
    modules: [{ type: "ESModule", path: bundle, contents: readFileSync(bundle, "utf8") }],
    compatibilityDate: "2026-04-20",
    compatibilityFlags: ["nodejs_compat"],
    durableObjects: { CALL_SESSION: "CallSession" },
    bindings: { DATABASE_URL: db.workerDatabaseUrl, ENVIRONMENT: "local", OPENAI_API_KEY: "bench-key", OPENAI_REALTIME_URL: modelUrl, OPENAI_REALTIME_MODEL: "gpt-realtime" },
  });
  const workerUrl = (await worker.ready).origin;
  return {
    workerUrl,
    modelUrl,
    databaseUrl: db.databaseUrl,
    workerDatabaseUrl: db.workerDatabaseUrl,
    async stop() {
      await worker.dispose();
      await db.stop();
      modelProcess.kill();
    },
  };
}
