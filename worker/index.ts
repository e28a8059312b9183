import { app } from "./app.ts";
import type { Bindings } from "./env.ts";
import { database } from "./db.ts";
import { deliverInBackground } from "./mail/index.ts";
import { closeAbandonedCalls } from "./voice/call-log.ts";

export { CallSession } from "./voice/call-session.ts";

export default {
  fetch: app.fetch,
  /** Retries mail whose delivery failed when it was first queued, and closes abandoned call records. */
  async scheduled(_controller, env, ctx) {
    deliverInBackground(env, ctx);
    ctx.waitUntil(closeAbandonedCalls(database(env)));
  },
} satisfies ExportedHandler<Bindings>;
