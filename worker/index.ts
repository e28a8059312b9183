import { Hono } from "hono";
import { isLanguage } from "../contract/languages.ts";
import { app } from "./app.ts";
import { database } from "./data/db.ts";
import { pruneHits } from "./data/rate-limits.ts";
import type { AppEnv, Bindings } from "./env.ts";
import { secured } from "./platform/http/security-headers.ts";
import { robotsTxt, sitemapXml, withAbsoluteLinks } from "./platform/site/public-pages.ts";
import { bookingShell } from "./platform/site/booking-page.ts";
import { deliverInBackground } from "./platform/mail/background.ts";
import { sendDueMessages } from "./clients/messaging/deliver.ts";
import { advanceOutreach } from "./clients/outreach/engine.ts";
import { placeOfferCall } from "./clients/outreach/offer-call.ts";
import { beforeTenant } from "./data/tenant.ts";
import { linkOldBookings } from "./clients/old-bookings.ts";
import { closeAbandoned, forgetTranscripts } from "./calls/engine/call-log.ts";
import { summariseDueCalls } from "./calls/engine/call-summary.ts";
import { syncDueCalendars } from "./appointments/stylist-calendars/sync.ts";
import { deliverDueWebhooks } from "./salon/webhooks/deliver.ts";

export { CallSession } from "./calls/session/call-session.ts";

/** Every request comes here first (wrangler.toml), so pages and assets carry the API's security headers. */
const site = new Hono<AppEnv>()
  .use(secured)
  .all("/api/*", (c) => app.fetch(c.req.raw, c.env, c.executionCtx))
  .get("/robots.txt", (c) => c.text(robotsTxt(new URL(c.req.url).origin)))
  .get("/sitemap.xml", (c) => c.body(sitemapXml(new URL(c.req.url).origin), 200, { "Content-Type": "application/xml; charset=utf-8" }))
  // A salon's booking page is its own small build, not the SPA; an unknown language finds no page.
  .get("/:lang/book/:slug", (c, next) => {
    const language = c.req.param("lang");
    return isLanguage(language) ? bookingShell(c.env.ASSETS, c.req.raw, language) : next();
  })
  .all("*", async (c) => {
    const response = await c.env.ASSETS.fetch(c.req.raw);
    const html = response.headers.get("Content-Type")?.startsWith("text/html");
    return html ? withAbsoluteLinks(response, new URL(c.req.url).origin) : response;
  });

export default {
  fetch: site.fetch,
  /**
   * Retries mail whose delivery failed when it was first queued, writes and sends clients'
   * reminders and the messages still due, closes abandoned call records, removes transcripts
   * past their salon's retention, drops ended rate-limit windows, reads stylists' outside calendars,
   * sends the webhooks due.
   */
  async scheduled(_controller, env, ctx) {
    deliverInBackground(env, ctx);
    const db = database(env);
    ctx.waitUntil(closeAbandoned(db));
    ctx.waitUntil(forgetTranscripts(db));
    ctx.waitUntil(summariseDueCalls(env));
    ctx.waitUntil(beforeTenant(db, pruneHits));
    ctx.waitUntil(linkOldBookings(db));
    ctx.waitUntil(deliverDueWebhooks(env).catch((error: unknown) => console.error("webhooks: the cron's run failed", error)));
    ctx.waitUntil(syncDueCalendars(env).catch((error: unknown) => console.error("calendar sync: the cron's run failed", error)));
    // Offers of freed time are written first, so this run sends them with the rest.
    ctx.waitUntil(
      advanceOutreach(env, placeOfferCall)
        .catch((error: unknown) => console.error("outreach: the cron's step failed", error))
        .then(() => sendDueMessages(env)),
    );
  },
} satisfies ExportedHandler<Bindings>;
