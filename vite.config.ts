import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "@formatjs/icu-messageformat-parser";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Alias, type Plugin, type ResolvedConfig } from "vite";
import { BOOKING_ENTRY, bookingShell, writeBookingShells } from "./scripts/lib/booking-shells.ts";
import { prerender } from "./scripts/lib/prerender.ts";
import type { Language } from "./contract/languages.ts";
import { partOf } from "./src/i18n/catalog-parts.ts";

// In development the Worker runs under wrangler on WORKER_PORT; Vite forwards /api to it
// (WebSockets included) so one address serves both.
const workerPort = process.env.WORKER_PORT ?? "8787";

const path = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const VIRTUAL = /^virtual:catalog\/(en|de|cs)\/(\w+)$/;

/**
 * `virtual:catalog/<language>/<part>`: one part of a flat catalog (src/i18n/catalog-parts.ts),
 * the core part with the contract's shared texts, already parsed into ICU syntax trees. The
 * browser then needs no message parser (react-intl formats the trees): about 10 KB less.
 */
function catalogParts(): Plugin {
  return {
    name: "catalog-parts",
    resolveId: (id) => (VIRTUAL.test(id) ? `\0${id}` : null),
    load(id) {
      const match = id.slice(1).match(VIRTUAL);
      if (!id.startsWith("\0") || !match) return null;
      const [, language, part] = match;
      const files = [`./src/i18n/messages/${language}.json`, ...(part === "core" ? [`./contract/messages/${language}.json`] : [])].map(path);
      const messages: Record<string, string> = {};
      for (const file of files) {
        this.addWatchFile(file);
        Object.assign(messages, JSON.parse(readFileSync(file, "utf8")));
      }
      const trees = Object.fromEntries(
        Object.entries(messages)
          .filter(([id]) => partOf(id) === part)
          .map(([id, text]) => [id, parse(text)]),
      );
      return `export default ${JSON.stringify(trees)};`;
    },
  };
}

const NO_PARSER: Alias = { find: /^@formatjs\/icu-messageformat-parser$/, replacement: "@formatjs/icu-messageformat-parser/no-parser.js" };

/** Preact in React's place: the same components in about 5 KB gzip rather than 60. */
const PREACT: Alias[] = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
];

/** The booking page's addresses, /{lang}/book/{slug}. */
const BOOKING_PAGE = /^\/(en|de|cs)\/book\/[^/]+\/?$/;

/**
 * The salon's public booking page (book.html, src/book-main.tsx) is a build of its own: it loads
 * none of the site's or the dashboard's code, and Preact stands in for React, so the page comes
 * in well under its budget (bench/bundle-size.ts). A second build after the site's writes it
 * into the same folder under names of its own, then its shell in every language. The dev
 * server answers its addresses with the entry (real React there).
 */
function bookingPage(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "booking-page",
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = request.url ?? "";
        const language = BOOKING_PAGE.exec(url.split("?")[0]!)?.[1] as Language | undefined;
        if (request.method !== "GET" || !language) return next();
        const messages = JSON.parse(readFileSync(path(`./src/i18n/messages/${language}.json`), "utf8")) as Record<string, string>;
        server
          .transformIndexHtml(url, bookingShell(readFileSync(path(`./${BOOKING_ENTRY}`), "utf8"), language, messages))
          .then((html) => {
            response.setHeader("Content-Type", "text/html; charset=utf-8");
            response.end(html);
          })
          .catch(next);
      });
    },
    async closeBundle() {
      if (config.command !== "build" || config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: "warn",
        plugins: [catalogParts(), react(), tailwindcss()],
        resolve: { alias: [NO_PARSER, ...PREACT] },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          // What bench/bundle-size.ts reads, when the site's build writes it too.
          manifest: config.build.manifest ? ".vite/booking-manifest.json" : false,
          sourcemap: config.build.sourcemap,
          rolldownOptions: {
            input: path(`./${BOOKING_ENTRY}`),
            output: {
              entryFileNames: "assets/book-[hash].js",
              chunkFileNames: "assets/book-[name]-[hash].js",
              assetFileNames: "assets/book-[name]-[hash][extname]",
            },
          },
        },
      });
      writeBookingShells(outDir, path("./src/i18n/messages"));
    },
  };
}

export default defineConfig({
  plugins: [catalogParts(), react(), tailwindcss(), prerender(), bookingPage()],
  resolve: {
    alias: [NO_PARSER],
  },
  build: {
    modulePreload: {
      // The app's own start (src/main.tsx imports it after the first paint) fetches its imports
      // itself; preloading them from the page appends a link per file while the page is busy.
      resolveDependencies: (file, deps) => (/\/start-[\w-]+\.js$/.test(file) || /^assets\/start-/.test(file) ? [] : deps),
    },
  },
  server: {
    proxy: {
      "/api": { target: `http://127.0.0.1:${workerPort}`, ws: true },
    },
  },
});
