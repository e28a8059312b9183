import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";
import { docsPage } from "./docs-page.ts";
import { openApiDocument } from "./document.ts";

/** /api/openapi.json and /api/docs: the API's reference, public, served from the request's origin. */
export const openApiRoutes = new Hono<AppEnv>()
  .get("/openapi.json", (c) => c.json(openApiDocument(new URL(c.req.url).origin)))
  .get("/docs", (c) => c.html(docsPage(openApiDocument(new URL(c.req.url).origin))));
