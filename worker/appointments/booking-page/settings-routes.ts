import { Hono } from "hono";
import { bookingSettingsSchema } from "../../../contract/booking-page.ts";
import { bookingSettings, saveBookingSettings } from "../../data/booking-pages.ts";
import { allow, inSalon, type SalonEnv } from "../../platform/http/tenant.ts";
import { jsonBody } from "../../platform/http/validate.ts";

/** /api/dashboard/booking-page: the salon's online booking page as its owner sets it. */
export const bookingSettingsRoutes = new Hono<SalonEnv>()
  .use(allow("settings"))
  .get("/", async (c) => c.json(await inSalon(c, bookingSettings)))
  .put("/", jsonBody(bookingSettingsSchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => saveBookingSettings(scope, body)));
  });
