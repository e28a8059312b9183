import { app } from "./app.ts";
import { database } from "./data/db.ts";
import type { Bindings } from "./env.ts";
import { deliverInBackground } from "./mail/background.ts";
import { closeAbandoned } from "./voice/call-log.ts";

export { CallSession } from "./call-session/call-session.ts";

export default {
  fetch: app.fetch,
  /** Retries mail whose delivery failed when it was first queued, and closes abandoned call records. */
  async scheduled(_controller, env, ctx) {
    deliverInBackground(env, ctx);
    ctx.waitUntil(closeAbandoned(database(env)));
  },
} satisfies ExportedHandler<Bindings>;
