import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import react from "@vitejs/plugin-react";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { DRIVER_LEFTOVERS } from "./worker/data/errors.ts";

// wrangler.toml serves ./dist as static assets; worker tests need the folder, not a build.
mkdirSync("dist", { recursive: true });

/**
 * Where every project looks for its files, and what their names below are relative to: only
 * this folder is searched, as the browser tests, which CI runs beside these, start a database
 * under the project meanwhile.
 */
const DIR = "tests";
/** Files that must not share a module cache with others (each mocks a module for itself). */
const MOCKING_SPA_FILES = ["spa/catalog-store.test.tsx", "spa/calls.test.tsx", "spa/salon-currency.test.tsx"];
/** The test that times the Worker's answers while its database is away: no other file beside it. */
const OUTAGE_TEST = "worker/outage.test.ts";
/** The database and fakes of the Worker's tests (the outage test brings a database of its own). */
const TEST_STACK = "tests/setup/test-database.ts";
/** Worker test files that run the cron, found by what they call. */
const CRON_FILES = readdirSync(`${DIR}/worker`)
  .filter((name) => name.endsWith(".test.ts"))
  .map((name) => `worker/${name}`)
  .filter((file) => /\b(scheduled|cron|runCron|runJobAt)\(/.test(readFileSync(`${DIR}/${file}`, "utf8")));

// Two test files at a time, one a core: a file spends much of its time waiting on the
// database, workerd or a fake, and files share only the database and the fakes, where each
// makes owners and addresses of its own.
const BESIDE = { maxWorkers: 2 };

/** The Worker in workerd, as wrangler.toml describes it, with the tests' fakes behind it. */
const workerRuntime = () =>
  cloudflareTest(({ inject }) => ({
    main: "./worker/index.ts",
    wrangler: { configPath: "./wrangler.toml" },
    miniflare: {
      // What a project's global setup did not provide stays empty (the outage test brings its own database).
      bindings: Object.fromEntries(
        Object.entries({
          DATABASE_URL: inject("workerDatabaseUrl"),
          ENVIRONMENT: "test",
          APP_URL: "http://app.test",
          JWT_SECRET: "test-signing-key-that-is-long-enough-0123456789",
          // Calls refused before the speech model is reached; whole calls run in the browser tests' stack.
          OPENAI_API_KEY: "test-openai-key",
          // Ended calls are summarised through a fake of the Responses API.
          OPENAI_API_BASE_URL: inject("responsesUrl"),
          // Buying and verifying numbers talk to a fake Twilio (tests/setup/test-database.ts).
          TWILIO_ACCOUNT_SID: inject("twilioAccountSid"),
          TWILIO_AUTH_TOKEN: inject("twilioAuthToken"),
          TWILIO_API_BASE_URL: inject("twilioUrl"),
          TWILIO_PRICING_BASE_URL: inject("twilioUrl"),
          TWILIO_CALLER_ID: "+15005550006",
          // The loopback server of calendar files (tests/fakes/calendar-files.ts) speaks plain http.
          CALENDAR_HTTP_HOSTS: "127.0.0.1",
          // So is the receiver of webhooks (tests/fakes/webhook-receiver.ts).
          WEBHOOK_HTTP_HOSTS: "127.0.0.1",
        }).map(([name, value]) => [name, value ?? ""]),
      ),
    },
  }));

export default defineConfig({
  test: {
    // postgres.js on workerd leaves a few rejections unhandled when a socket closes or cannot
    // connect, beside the error it reports; they are harmless and ignored by message only.
    onUnhandledError: (error) => !DRIVER_LEFTOVERS.includes(error.message),
    projects: [
      {
        test: { name: "unit", dir: DIR, include: ["unit/**/*.test.ts"], environment: "node", ...BESIDE },
      },
      ...[
        // One page for the files of a worker, as a tab that moves from screen to screen: each
        // file starts it empty (tests/spa/setup.ts), and the modules are loaded once.
        { name: "spa", include: ["spa/**/*.test.tsx"], exclude: MOCKING_SPA_FILES, isolate: false },
        { name: "spa-mocking", include: MOCKING_SPA_FILES },
      ].map((files) => ({
        plugins: [react()],
        test: {
          ...files,
          dir: DIR,
          // A journey through a screen renders many times; vitest's five seconds are for a quiet machine.
          testTimeout: 60_000,
          environment: "jsdom",
          setupFiles: ["tests/spa/setup.ts"],
          ...BESIDE,
        },
      })),
      ...[
        // Two files at a time, sharing the database: none of them runs the cron.
        { name: "worker", include: ["worker/**/*.test.ts"], exclude: [OUTAGE_TEST, ...CRON_FILES], globalSetup: [TEST_STACK], ...BESIDE },
        // After the files above, alone: what it times is the Worker's, not a neighbour's.
        { name: "worker-outage", include: [OUTAGE_TEST], globalSetup: ["tests/setup/spare-database.ts"], maxWorkers: 1, sequence: { groupOrder: 1 } },
        // The cron steps the due rows of every salon in the database, those a file beside it
        // is checking too: these files run last, one at a time, with nothing beside them.
        { name: "worker-cron", include: CRON_FILES, globalSetup: [TEST_STACK], maxWorkers: 1, sequence: { groupOrder: 2 } },
      ].map((files) => ({
        plugins: [workerRuntime()],
        test: {
          ...files,
          dir: DIR,
          // Password hashing is deliberately slow (about 250 ms); some tests hash many times, and
          // a busy two-core machine is slower still: far above what a test needs.
          testTimeout: 120_000,
        },
      })),
    ],
  },
});
