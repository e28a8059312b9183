import { Hono } from "hono";
import { outreachSettingsSchema } from "../../contract/outreach.ts";
import { outreachSettings, saveOutreachSettings } from "../data/outreach-settings.ts";
import { inSalon, type SalonEnv } from "../http/tenant.ts";
import { jsonBody } from "../http/validate.ts";

/** /api/dashboard/outreach: how the salon offers freed time to its clients. */
export const outreachSettingsRoutes = new Hono<SalonEnv>()
  .get("/settings", async (c) => c.json(await inSalon(c, outreachSettings)))
  .put("/settings", jsonBody(outreachSettingsSchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => saveOutreachSettings(scope, body)));
  });
