import { requestDatabase } from "../../data/db.ts";
import type { Bindings } from "../../env.ts";
import { realClock } from "../../jobs/runner.ts";
import { mailJob } from "./deliver.ts";

/**
 * Delivers these queued mails after the answer has gone out, on a connection of its own (the
 * request's closes with the answer). The caller answers at once, so the reply time does not
 * tell whether a mail was sent, which matters for "forgot password". What fails here the
 * cron tries again.
 */
export function deliverInBackground(env: Bindings, ctx: Pick<ExecutionContext, "waitUntil">, ids: string[]) {
  if (!env.RESEND_API_KEY || ids.length === 0) return;
  const { db, close } = requestDatabase(env);
  ctx.waitUntil(mailJob.attemptNow({ env, db, clock: realClock }, ids.map((id) => ({ id }))).finally(close));
}
