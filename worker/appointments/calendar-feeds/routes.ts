import { Hono } from "hono";
import { etag } from "hono/etag";
import { CALENDAR_FEED_TOKEN } from "../../../contract/calendar-feeds.ts";
import { calendarFeedContents, calendarFeedTenant } from "../../data/calendar-feeds.ts";
import { beforeTenant, withTenant } from "../../data/tenant.ts";
import { base64Url, hashToken } from "../../data/tokens.ts";
import type { AppEnv, RequestContext } from "../../env.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { clientAddress, enforce, type Limit } from "../../platform/http/rate-limit.ts";
import { feedCalendar } from "./ics.ts";

// Calendar apps poll a feed every few minutes to every few hours; far more than that from one
// address or for one feed is a script, not a calendar.
const limits = {
  perAddress: (ip: string): Limit => ({ bucket: `calendar-feed:ip:${ip}`, max: 120, windowSeconds: 600 }),
  perFeed: (feedKey: string): Limit => ({ bucket: `calendar-feed:feed:${feedKey}`, max: 60, windowSeconds: 3600 }),
};

const notFound = (c: RequestContext) => new ApiError(404, { detail: c.var.t("calendarFeeds.error.notFound"), code: "not_found" });

/**
 * /api/calendar-feeds/{token}.ics: a private feed, read by calendar apps without signing in.
 * The token is the only key, looked up by its hash; a revoked or replaced one is not found.
 */
export const calendarFeedRoutes = new Hono<AppEnv>().get("/:file", etag(), async (c) => {
  await enforce(c, limits.perAddress(clientAddress(c)));
  const token = c.req.param("file").replace(/\.ics$/, "");
  if (!CALENDAR_FEED_TOKEN.test(token)) throw notFound(c);
  const hash = await hashToken(token);
  // Counted by part of the hash: the token itself is kept out of the limits' table.
  await enforce(c, limits.perFeed(base64Url(hash.slice(0, 12))));
  const tenant = await beforeTenant(c.var.db, (scope) => calendarFeedTenant(scope, hash));
  if (!tenant) throw notFound(c);
  const contents = await withTenant(c.var.db, tenant, (scope) => calendarFeedContents(scope, tenant.feedId));
  if (!contents) throw notFound(c);
  c.header("Cache-Control", "private, max-age=300");
  return c.body(feedCalendar(contents, new URL(c.req.url).hostname), 200, { "Content-Type": "text/calendar; charset=utf-8" });
});
