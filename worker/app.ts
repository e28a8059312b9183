import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { LIMITS } from "../contract/errors.ts";
import { authRoutes } from "./auth/routes.ts";
import { callsRoutes } from "./calls/routes.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import { connect } from "./db.ts";
import { devMailboxRoutes } from "./dev-mailbox/routes.ts";
import type { AppEnv } from "./env.ts";
import { notFound, onError } from "./http/errors.ts";
import { detectLanguage } from "./http/language.ts";
import { telephonyRoutes } from "./telephony/routes.ts";
import { browserCallRoutes } from "./voice/routes.ts";
import { waitlistRoutes } from "./waitlist/routes.ts";

export const app = new Hono<AppEnv>()
  .basePath("/api")
  .use(...detectLanguage)
  .use(
    bodyLimit({
      maxSize: LIMITS.bodyBytes,
      onError: (c) => c.json({ detail: c.var.t("api.error.tooLarge") }, 413),
    }),
  )
  .use(async (c, next) => {
    const sql = connect(c.env);
    c.set("sql", sql);
    try {
      await next();
    } finally {
      c.executionCtx.waitUntil(sql.end({ timeout: 5 }));
    }
  })
  .get("/health", async (c) => {
    await c.var.sql`select 1`;
    return c.json({ status: "ok" });
  })
  .route("/auth", authRoutes)
  .route("/browser-ai", browserCallRoutes)
  .route("/dashboard", dashboardRoutes)
  .route("/calls", callsRoutes)
  .route("/telephony", telephonyRoutes)
  .route("/waitlist", waitlistRoutes)
  .route("/dev/mailbox", devMailboxRoutes)
  .notFound(notFound)
  .onError(onError);

export type App = typeof app;
