import { Hono } from "hono";
import { appointmentMessagesQuery } from "../../../contract/appointment-messages.ts";
import { appointmentMessages, messageTexts } from "../../data/client-messages.ts";
import { allow, inSalon, rowId, wholeSalonOnly, type SalonEnv } from "../../platform/http/tenant.ts";
import { query } from "../../platform/http/validate.ts";

/** /api/dashboard/client-messages: what the salon sent (or will send) its clients about an appointment. */
export const clientMessageRoutes = new Hono<SalonEnv>()
  .use(allow("calendar"), wholeSalonOnly)
  .get("/", query(appointmentMessagesQuery), async (c) => {
    const { appointment } = c.req.valid("query");
    return c.json({ items: await inSalon(c, (scope) => appointmentMessages(scope, appointment)) });
  })
  .get("/:id", async (c) => {
    const id = rowId(c);
    return c.json(await inSalon(c, (scope) => messageTexts(scope, id)));
  });
