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

/**
 * Worker tests run against a real PostgreSQL: TEST_DATABASE_URL when given, otherwise an
 * embedded server with its own data folder. The database is recreated and migrated per run.
 */
export default async function setup(project: TestProject) {
  const resend = await startFakeResend();
  project.provide("resendUrl", resend.url);
  // The Worker's Twilio account (vitest.config.ts) is this fake: buying and verifying numbers.
  const twilio = await startFakeTwilioRest();
  project.provide("twilioUrl", twilio.url);
  project.provide("twilioAccountSid", twilio.accountSid);
  project.provide("twilioAuthToken", twilio.authToken);
  // Calls are summarised by this fake of OpenAI's Responses API.
  const responses = await startFakeResponses();
  project.provide("responsesUrl", responses.url);
  // Stylists' outside calendars are read from this server of calendar files.
  const calendars = await startCalendarFiles();
  project.provide("calendarsUrl", calendars.url);
  // Webhooks go to this receiver.
  const receiver = await startWebhookReceiver();
  project.provide("webhooksUrl", receiver.url);
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
    project.provide("databaseUrl", given);
    project.provide("workerDatabaseUrl", await ensureWorkerRole(given, given));
    return stopFakes;
  }
  const pg = await startEmbeddedPostgres(`.data/postgres-test-${TEST_PORT}`, TEST_PORT);
  await ensureDatabase(pg.adminUrl, "receptionist_test", { fresh: true });
  const url = pg.urlFor("receptionist_test");
  await addSupabaseApiRoles(url);
  await migrate(url);
  project.provide("databaseUrl", url);
  const worker = await workerConnection(pg.adminUrl, url, `.data/pooler-test-${TEST_PORT}`);
  project.provide("workerDatabaseUrl", worker.url);
  return async () => {
    await stopFakes();
    await worker.stop();
    await pg.stop();
  };
}
