import { Hono } from "hono";
import { messageSettingsSchema } from "../../../contract/client-messages.ts";
import { messageSettings, saveMessageSettings } from "../../data/client-messages.ts";
import { allow, inSalon, type SalonEnv } from "../../platform/http/tenant.ts";
import { jsonBody } from "../../platform/http/validate.ts";

/** /api/dashboard/message-settings: how the salon's confirmations and reminders go out. */
export const messageSettingsRoutes = new Hono<SalonEnv>()
  .use(allow("settings"))
  .get("/", async (c) => c.json(await inSalon(c, messageSettings)))
  .put("/", jsonBody(messageSettingsSchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => saveMessageSettings(scope, body)));
  });
