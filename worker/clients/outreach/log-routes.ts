import { Hono } from "hono";
import { outreachLogQuery } from "../../../contract/outreach.ts";
import { outreachLog } from "../../data/outreach-log.ts";
import { allow, inSalon, type SalonEnv } from "../../platform/http/tenant.ts";
import { query } from "../../platform/http/validate.ts";

/** /api/dashboard/outreach/log: the freed times offered and the offers made, newest first, a page at a time. */
export const outreachLogRoutes = new Hono<SalonEnv>()
  .use(allow("waitlist"))
  .get("/", query(outreachLogQuery), async (c) => {
  const { before } = c.req.valid("query");
  return c.json(await inSalon(c, (scope) => outreachLog(scope, before)));
});
