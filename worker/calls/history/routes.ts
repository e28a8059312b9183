import { Hono } from "hono";
import { callListQuery, callStatsQuery } from "../../../contract/calls.ts";
import { requireSalonAccess } from "../../salon/api-keys/access.ts";
import { callById, callConversation, callInstructions, listCalls } from "../../data/calls.ts";
import { notFound } from "../../data/errors.ts";
import { allow, inSalon, rowId, type SalonEnv } from "../../platform/http/tenant.ts";
import { query } from "../../platform/http/validate.ts";
import { callStats } from "./stats.ts";

/** Everything under /api/calls: the salon's call history, one call, conversations and statistics. */
export const callsRoutes = new Hono<SalonEnv>()
  .use(requireSalonAccess)
  .use(allow("calls"))
  .get("/list", query(callListQuery), async (c) => {
    const { limit, offset, outcome, follow_up } = c.req.valid("query");
    return c.json(await inSalon(c, (scope) => listCalls(scope, { limit, offset, outcome, followUp: follow_up === "true" })));
  })
  .get("/conversation/:id", async (c) => {
    const id = rowId(c);
    const items = await inSalon(c, (scope) => callConversation(scope, id));
    if (!items) throw notFound();
    return c.json(items);
  })
  .get("/instructions/:id", async (c) => {
    const id = rowId(c);
    const found = await inSalon(c, (scope) => callInstructions(scope, id));
    if (!found) throw notFound();
    return c.json(found);
  })
  .get("/stats", query(callStatsQuery), async (c) => {
    const { period } = c.req.valid("query");
    return c.json(await inSalon(c, (scope) => callStats(scope, period, c.var.salon.timeZone)));
  })
  // Last, so the names above are not read as a call's id.
  .get("/:id", async (c) => {
    const id = rowId(c);
    const call = await inSalon(c, (scope) => callById(scope, id));
    if (!call) throw notFound();
    return c.json(call);
  });
