import { Hono } from "hono";
import { localMailboxMessages } from "../data/local-mailbox.ts";
import { listOutbox } from "../data/outbox.ts";
import { beforeTenant } from "../data/tenant.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../platform/http/errors.ts";

/** The local mailbox: outbox mail, and the messages salons write their clients, for people running the product on their machine. */
export const devMailboxRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== "local") throw new ApiError(404, { detail: c.var.t("api.error.notFound") });
    await next();
  })
  .get("/", async (c) => {
    const [items, messages] = await beforeTenant(c.var.db, (scope) => Promise.all([listOutbox(scope), localMailboxMessages(scope)]));
    return c.json({ items, messages });
  });
