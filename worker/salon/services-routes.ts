import { Hono } from "hono";
import { serviceSchema } from "../../contract/salon.ts";
import { createService, deleteService, listServices, updateService } from "../data/services.ts";
import { allowChanges, inSalon, rowId, type SalonEnv } from "../platform/http/tenant.ts";
import { jsonBody } from "../platform/http/validate.ts";

export const serviceRoutes = new Hono<SalonEnv>()
  .use(allowChanges("settings"))
  .get("/", async (c) => c.json(await inSalon(c, listServices)))
  .post("/", jsonBody(serviceSchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => createService(scope, body)), 201);
  })
  .put("/:id", jsonBody(serviceSchema), async (c) => {
    const id = rowId(c);
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => updateService(scope, id, body)));
  })
  .delete("/:id", async (c) => {
    const id = rowId(c);
    await inSalon(c, (scope) => deleteService(scope, id));
    return c.body(null, 204);
  });
