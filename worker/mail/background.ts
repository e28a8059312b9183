import type { Context } from "hono";
import { connect } from "../db.ts";
import type { AppEnv } from "../env.ts";
import { deliverMail } from "./deliver.ts";

/**
 * Delivers queued mail after the answer has gone out, on a connection of its own (the
 * request's closes with the answer). The caller answers at once, so the reply time does
 * not tell whether a mail was sent — that matters for "forgot password".
 */
export function deliverInBackground(c: Context<AppEnv>, ids: string[]) {
  if (!c.env.RESEND_API_KEY || ids.length === 0) return;
  const sql = connect(c.env);
  c.executionCtx.waitUntil(deliverMail(c.env, sql, ids).finally(() => sql.end({ timeout: 5 })));
}
