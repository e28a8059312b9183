import { accountRoutes } from "./accounts/account-routes.ts";
import { invitationRoutes } from "./accounts/invitation-routes.ts";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { LIMITS } from "../contract/errors.ts";
import { authRoutes } from "./accounts/auth-routes.ts";
import { calendarFeedRoutes } from "./appointments/calendar-feeds/routes.ts";
import { callsRoutes } from "./calls/history/routes.ts";
import { dashboardRoutes } from "./salon/dashboard-routes.ts";
import { requestDatabase } from "./data/db.ts";
import { ping } from "./data/public-forms.ts";
import { beforeTenant } from "./data/tenant.ts";
import { devMailboxRoutes } from "./marketing/dev-mailbox-routes.ts";
import type { AppEnv } from "./env.ts";
import { notFound, onError } from "./platform/http/errors.ts";
import { openApiRoutes } from "./platform/openapi/routes.ts";
import { detectLanguage } from "./platform/http/language.ts";
import { createTelephonyRoutes, startPhoneCallSession, type StartPhoneCallSession } from "./calls/telephony/routes.ts";
import { unsubscribeRoutes } from "./appointments/visit/unsubscribe-routes.ts";
import { bookingRoutes } from "./appointments/booking-page/routes.ts";
import { visitRoutes } from "./appointments/visit/routes.ts";
import { browserCallRoutes } from "./calls/browser/routes.ts";
import { waitlistRoutes } from "./marketing/early-access-routes.ts";

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
