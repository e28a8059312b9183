import { Hono } from "hono";
import { setupProgress } from "../data/setup-progress.ts";
import { allow, inSalon, type SalonEnv } from "../platform/http/tenant.ts";

/** /api/dashboard/setup-progress: which of the first steps the salon's data shows done. */
export const setupProgressRoutes = new Hono<SalonEnv>()
  .use(allow("settings"))
  .get("/", async (c) => c.json(await inSalon(c, setupProgress)));
