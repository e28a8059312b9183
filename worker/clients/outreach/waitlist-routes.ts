import { Hono } from "hono";
import { waitlistEntrySchema, waitlistQuery } from "../../../contract/outreach.ts";
import { createWaitlistEntry, listWaitlist, removeWaitlistEntry, updateWaitlistEntry } from "../../data/waitlist.ts";
import { allow, inSalon, rowId, type SalonEnv } from "../../platform/http/tenant.ts";
import { jsonBody, query } from "../../platform/http/validate.ts";

/** /api/dashboard/waitlist: the clients waiting for a time, as the owner keeps the list. */
export const waitlistRoutes = new Hono<SalonEnv>()
  .use(allow("waitlist"))
  .get("/", query(waitlistQuery), async (c) => {
    const { status } = c.req.valid("query");
    return c.json(await inSalon(c, (scope) => listWaitlist(scope, status)));
  })
  .post("/", jsonBody(waitlistEntrySchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => createWaitlistEntry(scope, body, "dashboard")), 201);
  })
  .put("/:id", jsonBody(waitlistEntrySchema), async (c) => {
    const id = rowId(c);
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => updateWaitlistEntry(scope, id, body)));
  })
  // The entry stays, marked removed: the offers made from it are part of the log.
  .delete("/:id", async (c) => {
    const id = rowId(c);
    await inSalon(c, (scope) => removeWaitlistEntry(scope, id));
    return c.body(null, 204);
  });
