import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import worker from "../../worker/index.ts";
import { app } from "../../worker/app.ts";
import type { Bindings } from "../../worker/env.ts";
import { db } from "./helpers.ts";

const sql = db();
afterAll(() => sql.end());

// The same Worker, configured for production mail: Resend's API, here its fake.
const withResend: Bindings = { ...(env as Bindings), RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: inject("resendUrl") };

async function join(email: string, bindings: Bindings) {
  const ctx = createExecutionContext();
  const response = await app.fetch(
    new Request("http://localhost/api/waitlist/join", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    }),
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const received = async () =>
  (await (await fetch(`${inject("resendUrl")}/__received`)).json()) as { idempotencyKey: string; body: { to: string; subject: string } }[];

describe("mail delivery", () => {
  it("keeps mail in the outbox when no provider is configured", async () => {
    const email = `outbox-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await join(email, env as Bindings)).status).toBe(200);
    const [mail] = await sql`select sent_at, attempts from mail_outbox where subject = ${`Waitlist: ${email}`}`;
    expect(mail).toEqual({ sent_at: null, attempts: 0 });
  });

  it("sends through Resend with the outbox id as idempotency key and marks the mail sent", async () => {
    const email = `resend-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await join(email, withResend)).status).toBe(200);
    const [mail] = await sql`select id, sent_at, provider_id, attempts from mail_outbox where subject = ${`Waitlist: ${email}`}`;
    expect(mail?.sent_at).toBeInstanceOf(Date);
    expect(mail?.provider_id).toMatch(/^fake-\d+$/);
    const sent = (await received()).find((m) => m.body.subject === `Waitlist: ${email}`);
    expect(sent?.idempotencyKey).toBe(mail?.id);
    expect(sent?.body.to).toBe("sales@example.com");
  });

  it("records a refused mail, still answers the visitor, and retries it from the cron", async () => {
    const email = `bounce-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const bouncing: Bindings = { ...withResend, SALES_EMAIL: "bounce@example.com" };
    expect((await join(email, bouncing)).status).toBe(200);
    const subject = `Waitlist: ${email}`;
    const [failed] = await sql`select sent_at, attempts, last_error from mail_outbox where subject = ${subject}`;
    expect(failed).toEqual({ sent_at: null, attempts: 1, last_error: "Invalid `to` field." });

    // The address is fixed; the scheduled retry delivers it.
    // Due now rather than after the runner's wait, and the first due, so this run's batch surely includes it among other tests' mail.
    await sql`update mail_outbox set to_address = 'sales@example.com', next_attempt_at = now() - interval '1 year' where subject = ${subject}`;
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController(), withResend, ctx);
    await waitOnExecutionContext(ctx);
    const [retried] = await sql`select sent_at is not null as sent, attempts, last_error from mail_outbox where subject = ${subject}`;
    expect(retried).toEqual({ sent: true, attempts: 2, last_error: null });
  });

  it("is retried at GET /__scheduled on a developer's machine, which elsewhere is no address of the Worker's", async () => {
    const email = `by-hand-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await join(email, { ...withResend, SALES_EMAIL: "bounce@example.com" })).status).toBe(200);
    const subject = `Waitlist: ${email}`;
    await sql`update mail_outbox set to_address = 'sales@example.com', next_attempt_at = now() - interval '1 year' where subject = ${subject}`;
    const runByHand = async (environment: string) => {
      const ctx = createExecutionContext();
      const response = await worker.fetch(new Request("http://localhost/__scheduled"), { ...withResend, ENVIRONMENT: environment }, ctx);
      await waitOnExecutionContext(ctx);
      const [mail] = await sql`select sent_at is not null as sent from mail_outbox where subject = ${subject}`;
      return { status: response.status, text: await response.text(), sent: mail?.sent };
    };
    const production = await runByHand("production");
    expect(production.sent).toBe(false);
    expect(production.text).not.toBe("The cron ran.");
    expect(await runByHand("local")).toEqual({ status: 200, text: "The cron ran.", sent: true });
  });
});
