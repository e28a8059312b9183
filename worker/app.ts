import { accountRoutes } from "./team/account-routes.ts";
import { invitationRoutes } from "./team/invitation-routes.ts";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { LIMITS } from "../contract/errors.ts";
import { authRoutes } from "./auth/routes.ts";
import { calendarFeedRoutes } from "./calendar-feeds/routes.ts";
import { callsRoutes } from "./calls/routes.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import { requestDatabase } from "./data/db.ts";
import { ping } from "./data/public-forms.ts";
import { beforeTenant } from "./data/tenant.ts";
import { devMailboxRoutes } from "./dev-mailbox/routes.ts";
import type { AppEnv } from "./env.ts";
import { notFound, onError } from "./http/errors.ts";
import { openApiRoutes } from "./openapi/routes.ts";
import { detectLanguage } from "./http/language.ts";
import { createTelephonyRoutes, startPhoneCallSession, type StartPhoneCallSession } from "./telephony/routes.ts";
import { unsubscribeRoutes } from "./visit/unsubscribe-routes.ts";
import { bookingRoutes } from "./booking-page/routes.ts";
import { visitRoutes } from "./visit/routes.ts";
import { browserCallRoutes } from "./voice/routes.ts";
import { waitlistRoutes } from "./waitlist/routes.ts";

/** The request's execution context, when the runtime gave one. */
function runtimeContext(c: Context): Pick<ExecutionContext, "waitUntil"> | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/**
 * The API under /api. `startPhoneCall` starts a phone call's session once its webhook has
 * recorded it; the Worker's is the call's Durable Object.
 */
export function createApp({ startPhoneCall = startPhoneCallSession }: { startPhoneCall?: StartPhoneCallSession } = {}) {
  return new Hono<AppEnv>()
    .basePath("/api")
    .use(...detectLanguage)
    .use(
      bodyLimit({
        maxSize: LIMITS.bodyBytes,
        onError: (c) => c.json({ detail: c.var.t("api.error.tooLarge") }, 413),
      }),
    )
    .use(async (c, next) => {
      const { db, close } = requestDatabase(c.env);
      c.set("db", db);
      try {
        await next();
      } finally {
        // The client closes after the answer has gone out; called without the runtime's
        // context (app.request), the answer waits for it instead.
        const ctx = runtimeContext(c);
        if (ctx) ctx.waitUntil(close());
        else await close();
      }
    })
    .get("/health", async (c) => {
      await beforeTenant(c.var.db, ping);
      return c.json({ status: "ok" });
    })
    .route("/auth", authRoutes)
    .route("/browser-ai", browserCallRoutes)
    .route("/dashboard", dashboardRoutes)
    .route("/calls", callsRoutes)
    .route("/account", accountRoutes)
    .route("/invitations", invitationRoutes)
    .route("/telephony", createTelephonyRoutes(startPhoneCall))
    .route("/waitlist", waitlistRoutes)
    .route("/visit", visitRoutes)
    .route("/book", bookingRoutes)
    .route("/calendar-feeds", calendarFeedRoutes)
    .route("/unsubscribe", unsubscribeRoutes)
    .route("/dev/mailbox", devMailboxRoutes)
    .route("/", openApiRoutes)
    .notFound(notFound)
    .onError(onError);
}

export const app = createApp();

export type App = typeof app;
