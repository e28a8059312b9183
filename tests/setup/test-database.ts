import type { ProvidedContext } from "vitest";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres.ts";
import { ensureDatabase, ensureWorkerRole, migrate } from "../../scripts/lib/migrate.ts";
import { workerConnection } from "../../scripts/lib/pooler.ts";
import { startCalendarFiles } from "../fakes/calendar-files.ts";
import { startFakeResend } from "../fakes/resend.ts";
import { startFakeResponses } from "../fakes/responses.ts";
import { startFakeTwilioRest } from "../fakes/twilio-rest.ts";
import { startWebhookReceiver } from "../fakes/webhook-receiver.ts";
import { addSupabaseApiRoles } from "./supabase-api-roles.ts";

// Another worktree or engineer can run the suite beside this one with its own port and folder.
const TEST_PORT = Number(process.env.TEST_PG_PORT ?? 54330);

type Provided = Pick<
  ProvidedContext,
  "databaseUrl" | "workerDatabaseUrl" | "resendUrl" | "twilioUrl" | "twilioAccountSid" | "twilioAuthToken" | "responsesUrl" | "calendarsUrl" | "webhooksUrl"
>;

/** The database and the fakes every project of worker files is given, and how to stop them. */
interface Stack {
  provided: Provided;
  stop(): Promise<void>;
  projects: number;
}

async function startStack(): Promise<Stack> {
  const resend = await startFakeResend();
  // The Worker's Twilio account (vitest.config.ts) is this fake: buying and verifying numbers.
  const twilio = await startFakeTwilioRest();
  // Calls are summarised by this fake of OpenAI's Responses API.
  const responses = await startFakeResponses();
  // Stylists' outside calendars are read from this server of calendar files.
  const calendars = await startCalendarFiles();
  // Webhooks go to this receiver.
  const receiver = await startWebhookReceiver();
  const fakes = {
    resendUrl: resend.url,
    twilioUrl: twilio.url,
    twilioAccountSid: twilio.accountSid,
    twilioAuthToken: twilio.authToken,
    responsesUrl: responses.url,
    calendarsUrl: calendars.url,
    webhooksUrl: receiver.url,
  };
  const stopFakes = async () => {
    resend.server.close();
    await calendars.close();
    await receiver.close();
    await twilio.close();
    await responses.close();
  };
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    await migrate(given);
    return { provided: { ...fakes, databaseUrl: given, workerDatabaseUrl: await ensureWorkerRole(given, given) }, stop: stopFakes, projects: 0 };
  }
  const pg = await startEmbeddedPostgres(`.data/postgres-test-${TEST_PORT}`, TEST_PORT);
  await ensureDatabase(pg.adminUrl, "receptionist_test", { fresh: true });
  const url = pg.urlFor("receptionist_test");
  await addSupabaseApiRoles(url);
  await migrate(url);
  const worker = await workerConnection(pg.adminUrl, url, `.data/pooler-test-${TEST_PORT}`);
  return {
    provided: { ...fakes, databaseUrl: url, workerDatabaseUrl: worker.url },
    projects: 0,
    stop: async () => {
      await stopFakes();
      await worker.stop();
      await pg.stop();
    },
  };
}

// Each project loads its global setup for itself; the stack is kept where all of them see it.
const STACK = Symbol.for("recepta.test-stack");
const holder = globalThis as { [STACK]?: Promise<Stack> };

/**
 * Worker tests run against a real PostgreSQL: TEST_DATABASE_URL when given, otherwise an
 * embedded server with its own data folder. The database is recreated and migrated per run,
 * once for every project of worker files, which share it and the fakes; the last project
 * done stops them.
 */
export default async function setup(project: TestProject) {
  holder[STACK] ??= startStack();
  const stack = await holder[STACK];
  stack.projects += 1;
  for (const key of Object.keys(stack.provided) as (keyof Provided)[]) project.provide(key, stack.provided[key]);
  return async () => {
    stack.projects -= 1;
    if (stack.projects > 0) return;
    delete holder[STACK];
    await stack.stop();
  };
}
