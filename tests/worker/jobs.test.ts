import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, inject } from "vitest";
import { database } from "../../worker/data/db.ts";
import { claimMail } from "../../worker/data/outbox.ts";
import { beforeTenant } from "../../worker/data/tenant.ts";
import type { Bindings } from "../../worker/env.ts";
import { runCron } from "../../worker/jobs/cron.ts";
import { BACKOFF_MINUTES, outbox, task, type Clock, type JobRun } from "../../worker/jobs/runner.ts";
import { mailJob } from "../../worker/platform/mail/deliver.ts";
import { db } from "./helpers.ts";

const sql = db();
afterAll(() => sql.end());

const bindings: Bindings = { ...(env as Bindings), RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: inject("resendUrl") };

/** A clock the test moves: every job test runs on it, never on the wall clock. */
function steppedClock(start = new Date("2031-03-04T09:00:00Z")) {
  let now = start.getTime();
  const clock: Clock = { now: () => new Date(now) };
  return { clock, at: (seconds: number) => (now = start.getTime() + seconds * 1000), start };
}

/** A mail of its own in the outbox (to a refused address when `to` names "bounce"). */
async function queuedMail(to: string) {
  const [row] = await sql<{ id: string }[]>`
    insert into mail_outbox (from_address, to_address, subject, text_body)
    values ('Recepta <hello@example.com>', ${to}, ${`Job test ${crypto.randomUUID()}`}, 'Hello') returning id`;
  return row!.id;
}

const mailRow = async (id: string) =>
  (await sql<{ attempts: number; sent: boolean; failed: boolean; next_attempt_at: Date; last_error: string | null }[]>`
    select attempts, sent_at is not null as sent, failed_at is not null as failed, next_attempt_at, last_error from mail_outbox where id = ${id}`)[0]!;

describe("the job runner", () => {
  it("runs every job of a cron run though one fails, also one that comes after it, and never rejects", async () => {
    const { clock } = steppedClock();
    const ran: string[] = [];
    const failing = task({ name: "failing", run: async () => Promise.reject(new Error("down")) });
    const items = outbox<{ id: string }, { id: string; attempt: number }, string>({
      name: "items",
      leaseSeconds: 60,
      attempts: 3,
      batch: 10,
      due: async () => [{ id: "throws" }, { id: "works" }],
      claim: async (_run, item) => ({ ...item, attempt: 1 }),
      attempt: async (_run, item) => {
        if (item.id === "throws") throw new Error("broken item");
        ran.push(`item ${item.id}`);
        return "settled";
      },
      failed: async () => {},
      abandoned: "abandoned",
    });
    const later = task({ name: "later", after: ["failing"], run: async ({ clock: used }) => ran.push(`later at ${used.now().toISOString()}`) });
    const dueFails = outbox<{ id: string }, { id: string; attempt: number }, string>({
      name: "due fails",
      leaseSeconds: 60,
      attempts: 3,
      batch: 10,
      due: () => Promise.reject(new Error("no database")),
      claim: async () => null,
      attempt: async () => "settled",
      failed: async () => {},
      abandoned: "abandoned",
    });

    await expect(runCron(bindings, { clock, jobs: [failing, dueFails, items, later] })).resolves.toBeUndefined();
    expect(ran.sort()).toEqual(["item works", `later at ${clock.now().toISOString()}`]);
  });

  it("tries a failed item again after the shared backoff, and after its last attempt leaves it failed", async () => {
    const { clock, at } = steppedClock();
    const id = await queuedMail("bounce@example.com");
    const run: JobRun = { env: bindings, db: database(bindings), clock };
    // Due since it was written (the database's time), so due at the clock's start too.
    await mailJob.attemptNow(run, [{ id }]);
    expect(await mailRow(id)).toMatchObject({ attempts: 1, sent: false, failed: false, last_error: "Invalid `to` field." });

    let elapsed = 0;
    for (const [index, minutes] of BACKOFF_MINUTES.slice(0, 4).entries()) {
      const attempt = index + 2;
      expect((await mailRow(id)).next_attempt_at).toEqual(new Date(clock.now().getTime() + minutes * 60_000));
      // A second before the wait is over the mail is left alone; once it is over it is tried.
      elapsed += minutes * 60;
      at(elapsed - 1);
      await mailJob.attemptNow(run, [{ id }]);
      expect((await mailRow(id)).attempts).toBe(attempt - 1);
      at(elapsed);
      await mailJob.attemptNow(run, [{ id }]);
      expect((await mailRow(id)).attempts).toBe(attempt);
    }
    expect(await mailRow(id)).toMatchObject({ attempts: 5, sent: false, failed: true });

    at(elapsed + 24 * 3600);
    await mailJob.attemptNow(run, [{ id }]);
    expect(await mailRow(id)).toMatchObject({ attempts: 5, failed: true });
  });

  it("claims an item again once the lease of an attempt that died has run out, and gives it up when that was its last", async () => {
    const { clock, at, start } = steppedClock();
    const run: JobRun = { env: bindings, db: database(bindings), clock };
    const id = await queuedMail("sales@example.com");
    // An attempt claims it for a minute and dies before it can write what came of it.
    await beforeTenant(run.db, (scope) => claimMail(scope, id, start, new Date(start.getTime() + 60_000)));
    at(59);
    await mailJob.attemptNow(run, [{ id }]);
    expect(await mailRow(id)).toMatchObject({ attempts: 1, sent: false });
    at(60);
    await mailJob.attemptNow(run, [{ id }]);
    expect(await mailRow(id)).toMatchObject({ attempts: 2, sent: true, last_error: null });

    // Its fifth and last attempt dies the same way.
    const last = await queuedMail("sales@example.com");
    await sql`update mail_outbox set attempts = 4 where id = ${last}`;
    await beforeTenant(run.db, (scope) => claimMail(scope, last, clock.now(), new Date(clock.now().getTime() + 60_000)));
    at(60 + 60);
    await mailJob.attemptNow(run, [{ id: last }]);
    expect(await mailRow(last)).toMatchObject({ attempts: 6, sent: false, failed: true });
  });
});
