// The product as the call benches run it: the bundled Worker in workerd, run by Miniflare
// (scripts/lib/local-stack.ts), a database of the bench's own, and the fake speech model in a
// process of its own, as a real one would be, so the bench's process only measures.
import { fork } from "node:child_process";
import { once } from "node:events";
import { serveBundledWorker, startDatabase } from "../../scripts/lib/local-stack.ts";

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
  const worker = await serveBundledWorker({
    outdir: `.data/bench-${name}-build`,
    bindings: { DATABASE_URL: db.workerDatabaseUrl, ENVIRONMENT: "local", OPENAI_API_KEY: "bench-key", OPENAI_REALTIME_URL: modelUrl, OPENAI_REALTIME_MODEL: "gpt-realtime" },
  });
  const workerUrl = worker.url;
  return {
    workerUrl,
    modelUrl,
    databaseUrl: db.databaseUrl,
    workerDatabaseUrl: db.workerDatabaseUrl,
    async stop() {
      await worker.stop();
      await db.stop();
      modelProcess.kill();
    },
  };
}
