import { Hono } from "hono";
import { callListQuery, callStatsQuery, type CallInstructions, type CallList, type CallStats, type ConversationItem } from "../../contract/calls.ts";
import { requireUser } from "../auth/middleware.ts";
import { inSalon, notFound, requireSalon, rowId, type OwnerEnv } from "../dashboard/tenancy.ts";
import { query } from "../http/validate.ts";
import { callConversation, callInstructions, callStats, listCalls } from "./queries.ts";

/** Everything under /api/calls: the signed-in owner's call history, conversations and statistics. */
export const callsRoutes = new Hono<OwnerEnv>()
  .use(requireUser, requireSalon)
  .get("/list", query(callListQuery), async (c) => {
    const page = c.req.valid("query");
    return c.json<CallList>(await inSalon(c, (tx) => listCalls(tx, c.var.salon.id, page)));
  })
  .get("/conversation/:id", async (c) => {
    const id = rowId(c);
    const items = await inSalon(c, (tx) => callConversation(tx, c.var.salon.id, id));
    if (!items) throw notFound(c);
    return c.json<ConversationItem[]>(items);
  })
  .get("/instructions/:id", async (c) => {
    const id = rowId(c);
    const found = await inSalon(c, (tx) => callInstructions(tx, c.var.salon.id, id));
    if (!found) throw notFound(c);
    return c.json<CallInstructions>(found);
  })
  .get("/stats", query(callStatsQuery), async (c) => {
    const { period } = c.req.valid("query");
    return c.json<CallStats>(await inSalon(c, (tx) => callStats(tx, c.var.salon.id, period, c.var.salon.time_zone)));
  });
