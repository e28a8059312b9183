import { app } from "./app.ts";
import { connect } from "./db.ts";
import type { Bindings } from "./env.ts";
import { deliverMail } from "./mail/index.ts";

export default {
  fetch: app.fetch,
  /** Retries mail whose delivery failed when it was first queued. */
  async scheduled(_controller, env, ctx) {
    const sql = connect(env);
    ctx.waitUntil(deliverMail(env, sql).finally(() => sql.end({ timeout: 5 })));
  },
} satisfies ExportedHandler<Bindings>;
