import { Hono } from "hono";
import { scheduleSchema } from "../../contract/salon.ts";
import { ownStylist, updateOwnSchedule } from "../data/stylists.ts";
import { allow, inSalon, type SalonEnv } from "../platform/http/tenant.ts";
import { jsonBody } from "../platform/http/validate.ts";

/** /api/dashboard/my-schedule: a stylist member's own record, of which they change their week and days off. */
export const scheduleRoutes = new Hono<SalonEnv>()
  .use(allow("schedule"))
  .get("/", async (c) => c.json(await inSalon(c, ownStylist)))
  .put("/", jsonBody(scheduleSchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => updateOwnSchedule(scope, body)));
  });
