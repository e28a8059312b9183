import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import react from "@vitejs/plugin-react";
import { mkdirSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { DRIVER_LEFTOVERS } from "./worker/data/errors.ts";

// wrangler.toml serves ./dist as static assets; worker tests need the folder, not a build.
mkdirSync("dist", { recursive: true });

export default defineConfig({
  test: {
    // postgres.js on workerd leaves a few rejections unhandled when a socket closes or cannot
    // connect, beside the error it reports; they are harmless and ignored by message only.
    onUnhandledError: (error) => !DRIVER_LEFTOVERS.includes(error.message),
    projects: [
      {
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        plugins: [react()],
        test: {
          name: "spa",
          include: ["tests/spa/**/*.test.tsx"],
          // A journey through a screen renders many times; vitest's five seconds are for a quiet machine.
          testTimeout: 60_000,
          environment: "jsdom",
          setupFiles: ["tests/spa/setup.ts"],
        },
      },
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            main: "./worker/index.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
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
              },
            },
          })),
        ],
        test: {
          name: "worker",
          // Password hashing is deliberately slow (about 250 ms); some tests hash many times, and
          // a busy two-core machine is slower still: far above what a test needs.
          testTimeout: 120_000,
          include: ["tests/worker/**/*.test.ts"],
          globalSetup: ["tests/setup/test-database.ts", "tests/setup/spare-database.ts"],
        },
      },
    ],
  },
});
