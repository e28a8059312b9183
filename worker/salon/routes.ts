import { Hono } from "hono";
import { salonSchema } from "../../contract/salon.ts";
import { getSalon, updateSalon } from "../data/salons.ts";
import { inSalon, type SalonEnv } from "../http/tenant.ts";
import { jsonBody } from "../http/validate.ts";

export const salonRoutes = new Hono<SalonEnv>()
  .get("/", async (c) => c.json(await inSalon(c, getSalon)))
  .put("/", jsonBody(salonSchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => updateSalon(scope, body)));
  });
