import { requestDatabase } from "../../data/db.ts";
import type { Bindings } from "../../env.ts";
import { deliverMail } from "./deliver.ts";

/**
 * Delivers queued mail (these ids, or everything pending) after the answer has gone out, on
 * a connection of its own (the request's closes with the answer). The caller answers at
 * once, so the reply time does not tell whether a mail was sent, which matters for
 * "forgot password". The cron uses it for retries.
 */
export function deliverInBackground(env: Bindings, ctx: Pick<ExecutionContext, "waitUntil">, ids?: string[]) {
  if (!env.RESEND_API_KEY || ids?.length === 0) return;
  const { db, close } = requestDatabase(env);
  ctx.waitUntil(deliverMail(env, db, ids).finally(close));
}
