import type { TestProject } from "vitest/node";
import { startStack } from "../../../scripts/lib/local-stack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
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
    return;
  }
  const workerPort = Number(process.env.E2E_PORT ?? 8788);
  const pgPort = Number(process.env.E2E_PG_PORT ?? 54331);
  const stack = await startStack({
    dataDir: `.data/postgres-e2e-${pgPort}`,
    pgPort,
    database: "receptionist_e2e",
    freshDatabase: true,
    workerPort,
    appUrl: `http://127.0.0.1:${workerPort}`,
    log: process.env.DEBUG_E2E ? console.log : undefined,
  });
  project.provide("baseUrl", stack.workerUrl);
  project.provide("databaseUrl", stack.databaseUrl);
  return () => stack.stop();
}
