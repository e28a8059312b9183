import { Hono } from "hono";
import type { Currency } from "../../contract/currency.ts";
import { salonSchema } from "../../contract/salon.ts";
import { usdRates } from "../platform/currency.ts";
import { getSalon, updateSalon } from "../data/salons.ts";
import { allowChanges, inSalon, type SalonEnv } from "../platform/http/tenant.ts";
import { jsonBody } from "../platform/http/validate.ts";

export const salonRoutes = new Hono<SalonEnv>()
  .use(allowChanges("settings"))
  .get("/", async (c) => c.json(await inSalon(c, getSalon)))
  .put("/", jsonBody(salonSchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => updateSalon(scope, body)));
  })
  // The rates this Worker books call costs at, which the dashboard shows them in the salon's currency with.
  .get("/usd-rates", (c) => c.json<Record<Currency, number>>(usdRates(c.env)));
