import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { Language } from "../contract/languages.ts";
import { App, preloadRoutes } from "./app/app.tsx";
import { showLanguage } from "./i18n/catalog-store.ts";

/**
 * Renders one public page to HTML at build time (scripts/lib/prerender.ts); the browser
 * hydrates it with the same texts and code (main.tsx). React puts the page's <title>, <meta>
 * and <link> elements first in the output; the build moves them into <head>.
 */
export async function renderPage(path: string, language: Language): Promise<string> {
  await Promise.all([showLanguage(language), preloadRoutes(path)]);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // Every boundary inline, in order: React would otherwise move large ones to the end of the
    // document behind inline scripts, which the Content-Security-Policy does not allow.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
