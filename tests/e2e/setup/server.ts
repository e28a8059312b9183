import type { TestProject } from "vitest/node";
import { startStack } from "../../../scripts/lib/local-stack.ts";
import { startSharedChromium } from "./chromium.ts";
import { e2ePgPort, e2eWorkerPort } from "./ports.ts";
import { startFakeRealtime } from "../../fakes/realtime.ts";
import { startFakeResend } from "../../fakes/resend.ts";
import { startFakeResponses } from "../../fakes/responses.ts";
import { startFakeTwilioRest } from "../../fakes/twilio-rest.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where test files connect to the shared Chromium (setup/chromium.ts). */
    chromiumEndpoint: string;
    /** The fake speech model the server talks to ("" against a given server). */
    realtimeUrl: string;
    /** The fake of Twilio's REST API the server talks to ("" against a given server). */
    twilioRestUrl: string;
    /** The Twilio account the server is set up with: its auth token signs the webhooks. */
    twilioAccountSid: string;
    twilioAuthToken: string;
    /** The fake Responses API (base URL, ending in /v1) the server summarises calls with ("" against a given server). */
    responsesUrl: string;
  }
}

/**
 * Browser tests run against the built SPA served by the Worker under wrangler, on a
 * fresh database of their own. E2E_BASE_URL points them at a server already running.
 */
export default async function setup(project: TestProject) {
  const chromium = await startSharedChromium();
  project.provide("chromiumEndpoint", chromium.wsEndpoint());
  const given = process.env.E2E_BASE_URL;
  if (given) {
    project.provide("baseUrl", given.replace(/\/$/, ""));
    // Tests that put rows in place (recorded calls) need the server's database too.
    project.provide("databaseUrl", process.env.E2E_DATABASE_URL ?? "");
    project.provide("realtimeUrl", process.env.E2E_REALTIME_URL ?? "");
    project.provide("twilioRestUrl", process.env.E2E_TWILIO_API_BASE_URL ?? "");
    project.provide("twilioAccountSid", process.env.E2E_TWILIO_ACCOUNT_SID ?? "");
    project.provide("twilioAuthToken", process.env.E2E_TWILIO_AUTH_TOKEN ?? "");
    project.provide("responsesUrl", process.env.E2E_OPENAI_API_BASE_URL ?? "");
    project.provide("resendUrl", process.env.E2E_RESEND_BASE_URL ?? "");
    return () => chromium.close();
  }
  const workerPort = e2eWorkerPort();
  const pgPort = e2ePgPort();
  // The speech model is a scripted fake on loopback, reached the way production reaches OpenAI.
  const realtime = await startFakeRealtime();
  // Twilio's REST and Pricing APIs likewise: calls are handed over, numbers bought and
  // verification calls placed through them.
  const twilio = await startFakeTwilioRest();
  // Ended calls are summarised by a text model through the Responses API: a scripted fake too.
  const responses = await startFakeResponses();
  // Mail to clients and owners goes out through a fake of Resend, where tests read it.
  const resend = await startFakeResend();
  const stack = await startStack({
    dataDir: `.data/postgres-e2e-${pgPort}`,
    pgPort,
    database: "receptionist_e2e",
    freshDatabase: true,
    workerPort,
    appUrl: `http://127.0.0.1:${workerPort}`,
    log: process.env.DEBUG_E2E ? console.log : undefined,
    vars: {
      OPENAI_API_KEY: "e2e-openai-key",
      OPENAI_REALTIME_URL: realtime.url,
      OPENAI_API_BASE_URL: responses.url,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_API_BASE_URL: twilio.url,
      TWILIO_PRICING_BASE_URL: twilio.url,
      // Twilio's magic test number: verification calls come from it.
      TWILIO_CALLER_ID: "+15005550006",
      RESEND_API_KEY: "re_e2e_key",
      RESEND_BASE_URL: resend.url,
      // Webhooks may go to a receiver a test starts on loopback.
      WEBHOOK_HTTP_HOSTS: "127.0.0.1",
    },
  });
  project.provide("baseUrl", stack.workerUrl);
  project.provide("databaseUrl", stack.databaseUrl);
  project.provide("realtimeUrl", realtime.url);
  project.provide("twilioRestUrl", twilio.url);
  project.provide("twilioAccountSid", twilio.accountSid);
  project.provide("twilioAuthToken", twilio.authToken);
  project.provide("responsesUrl", responses.url);
  project.provide("resendUrl", resend.url);
  return async () => {
    await chromium.close();
    resend.server.close();
    await responses.close();
    await stack.stop();
    await realtime.close();
    await twilio.close();
  };
}
