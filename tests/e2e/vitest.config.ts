import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "e2e",
    root: ".",
    // Only this folder is searched for tests: the Worker's tests, which CI runs beside these,
    // start databases under the project meanwhile.
    dir: "tests/e2e",
    include: ["**/*.e2e.ts"],
    globalSetup: ["tests/e2e/setup/server.ts"],
    // A journey of many steps on a busy two-core machine; each step has its own 30 s (browser.ts).
    testTimeout: 240_000,
    hookTimeout: 120_000,
    // What a test polls for (a list filled, a row stored) gets the time a step gets, not
    // vitest's one second, which a busy machine's first page load alone can take.
    expect: { poll: { timeout: 30_000 } },
    // One browser at a time: two cores are shared with workerd and Postgres.
    fileParallelism: false,
  },
});
