import { Hono } from "hono";
import { calendarFeedSchema } from "../../../contract/calendar-feeds.ts";
import { calendarFeeds, renewCalendarFeed, revokeCalendarFeed } from "../../data/calendar-feeds.ts";
import { hashToken, randomToken } from "../../data/tokens.ts";
import { allow, inSalon, rowId, type SalonEnv } from "../../platform/http/tenant.ts";
import { jsonBody } from "../../platform/http/validate.ts";

/** /api/dashboard/calendar-feeds: the salon's private calendar feeds, made, replaced and revoked by the owner. */
export const calendarFeedSettingsRoutes = new Hono<SalonEnv>()
  .use(allow("settings"))
  .get("/", async (c) => c.json(await inSalon(c, calendarFeeds)))
  // Makes the feed, or gives it a new address: the old address stops answering at once.
  .post("/", jsonBody(calendarFeedSchema), async (c) => {
    const { stylist_id } = c.req.valid("json");
    const token = randomToken();
    const hash = await hashToken(token);
    return c.json(await inSalon(c, (scope) => renewCalendarFeed(scope, stylist_id, token, hash)), 201);
  })
  .delete("/:id", async (c) => {
    const id = rowId(c);
    await inSalon(c, (scope) => revokeCalendarFeed(scope, id));
    return c.body(null, 204);
  });
