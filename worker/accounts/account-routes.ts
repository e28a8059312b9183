import { Hono } from "hono";
import { salonChoiceSchema } from "../../contract/team.ts";
import { requireUser, type AuthedEnv } from "./middleware.ts";
import { chooseSalon, salonsOf } from "../data/team.ts";
import { asMember } from "../data/tenant.ts";
import { jsonBody } from "../platform/http/validate.ts";

/** Everything under /api/account: the salons a person belongs to, and the one they work in. */
export const accountRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get("/salons", async (c) => c.json(await asMember(c.var.db, c.var.user.id, salonsOf)))
  .put("/salon", jsonBody(salonChoiceSchema), async (c) => {
    const { salon_id } = c.req.valid("json");
    await asMember(c.var.db, c.var.user.id, (scope) => chooseSalon(scope, salon_id));
    return c.body(null, 204);
  });
