import { Hono } from "hono";
import { isLanguage } from "../contract/languages.ts";
import { app } from "./app.ts";
import type { AppEnv, Bindings } from "./env.ts";
import { runJobs, scheduled } from "./jobs/cron.ts";
import { secured } from "./platform/http/security-headers.ts";
import { robotsTxt, sitemapXml, withAbsoluteLinks } from "./platform/site/public-pages.ts";
import { bookingShell } from "./platform/site/booking-page.ts";

export { CallSession } from "./calls/session/call-session.ts";

/** Every request comes here first (wrangler.toml), so pages and assets carry the API's security headers. */
const site = new Hono<AppEnv>()
  .use(secured)
  .all("/api/*", (c) => app.fetch(c.req.raw, c.env, c.executionCtx))
  // On a developer's machine and in the browser tests, GET /__scheduled runs the cron at once
  // (reminders, retries, offers of freed time), as the platform does every five minutes.
  .get("/__scheduled", async (c, next) => {
    if (c.env.ENVIRONMENT !== "local") return next();
    runJobs(c.env, c.executionCtx);
    return c.text("The cron ran.");
  })
  .get("/robots.txt", (c) => c.text(robotsTxt(new URL(c.req.url).origin)))
  .get("/sitemap.xml", (c) => c.body(sitemapXml(new URL(c.req.url).origin), 200, { "Content-Type": "application/xml; charset=utf-8" }))
  // A salon's booking page is its own small build, not the SPA; an unknown language finds no page.
  .get("/:lang/book/:slug", (c, next) => {
    const language = c.req.param("lang");
    return isLanguage(language) ? bookingShell(c.env.ASSETS, c.req.raw, language) : next();
  })
  // Built files carry a hash of their content in their names: a browser keeps them for a year
  // and never asks again. An unknown one is answered with the SPA's page, which is not kept.
  .get("/assets/*", async (c) => {
    const response = await c.env.ASSETS.fetch(c.req.raw);
    if (!response.ok || response.headers.get("Content-Type")?.startsWith("text/html")) return response;
    const kept = new Response(response.body, response);
    kept.headers.set("Cache-Control", "public, max-age=31536000, immutable");
    return kept;
  })
  .all("*", async (c) => {
    const response = await c.env.ASSETS.fetch(c.req.raw);
    const html = response.headers.get("Content-Type")?.startsWith("text/html");
    return html ? withAbsoluteLinks(response, new URL(c.req.url).origin) : response;
  });

export default {
  fetch: site.fetch,
  scheduled,
} satisfies ExportedHandler<Bindings>;
