import type { TestProject } from "vitest/node";
import { startStack } from "../../../scripts/lib/local-stack.ts";
import { startFakeRealtime } from "../../fakes/realtime.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The fake speech model the server talks to ("" against a given server). */
    realtimeUrl: string;
  }
}

/**
 * Browser tests run against the built SPA served by the Worker under wrangler, on a
 * fresh database of their own. E2E_BASE_URL points them at a server already running.
 */
export default async function setup(project: TestProject) {
  const given = process.env.E2E_BASE_URL;
  if (given) {
    project.provide("baseUrl", given.replace(/\/$/, ""));
    // Tests that put rows in place (recorded calls) need the server's database too.
    project.provide("databaseUrl", process.env.E2E_DATABASE_URL ?? "");
    project.provide("realtimeUrl", process.env.E2E_REALTIME_URL ?? "");
    return;
  }
  const workerPort = Number(process.env.E2E_PORT ?? 8788);
  const pgPort = Number(process.env.E2E_PG_PORT ?? 54331);
  // The speech model is a scripted fake on loopback, reached the way production reaches OpenAI.
  const realtime = await startFakeRealtime();
  const stack = await startStack({
    dataDir: `.data/postgres-e2e-${pgPort}`,
    pgPort,
    database: "receptionist_e2e",
    freshDatabase: true,
    workerPort,
    appUrl: `http://127.0.0.1:${workerPort}`,
    log: process.env.DEBUG_E2E ? console.log : undefined,
    vars: { OPENAI_API_KEY: "e2e-openai-key", OPENAI_REALTIME_URL: realtime.url },
  });
  project.provide("baseUrl", stack.workerUrl);
  project.provide("databaseUrl", stack.databaseUrl);
  project.provide("realtimeUrl", realtime.url);
  return async () => {
    await stack.stop();
    await realtime.close();
  };
}
