import { app } from "./app.ts";
import type { Bindings } from "./env.ts";
import { deliverInBackground } from "./mail/index.ts";

export { CallSession } from "./voice/call-session.ts";

export default {
  fetch: app.fetch,
  /** Retries mail whose delivery failed when it was first queued. */
  async scheduled(_controller, env, ctx) {
    deliverInBackground(env, ctx);
  },
} satisfies ExportedHandler<Bindings>;
