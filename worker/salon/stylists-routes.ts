import { Hono } from "hono";
import { stylistSchema } from "../../contract/salon.ts";
import { createStylist, deleteStylist, listStylists, updateStylist } from "../data/stylists.ts";
import { allowChanges, inSalon, rowId, type SalonEnv } from "../platform/http/tenant.ts";
import { jsonBody } from "../platform/http/validate.ts";

export const stylistRoutes = new Hono<SalonEnv>()
  .use(allowChanges("settings"))
  .get("/", async (c) => c.json(await inSalon(c, listStylists)))
  .post("/", jsonBody(stylistSchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => createStylist(scope, body)), 201);
  })
  .put("/:id", jsonBody(stylistSchema), async (c) => {
    const id = rowId(c);
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => updateStylist(scope, id, body)));
  })
  // A stylist with upcoming appointments is refused (409); past ones keep the stylist's name.
  .delete("/:id", async (c) => {
    const id = rowId(c);
    await inSalon(c, (scope) => deleteStylist(scope, id));
    return c.body(null, 204);
  });
