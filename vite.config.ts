import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "@formatjs/icu-messageformat-parser";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { prerender } from "./scripts/lib/prerender.ts";
import { partOf } from "./src/i18n/catalog-parts.ts";

// In development the Worker runs under wrangler on WORKER_PORT; Vite forwards /api to it
// (WebSockets included) so one address serves both.
const workerPort = process.env.WORKER_PORT ?? "8787";

const VIRTUAL = /^virtual:catalog\/(en|de|cs)\/(\w+)$/;

/**
 * `virtual:catalog/<language>/<part>`: one part of a flat catalog (src/i18n/catalog-parts.ts),
 * the core part with the contract's shared texts, already parsed into ICU syntax trees. The
 * browser then needs no message parser (react-intl formats the trees): about 10 KB less.
 */
function catalogParts(): Plugin {
  const path = (file: string) => fileURLToPath(new URL(file, import.meta.url));
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

export default defineConfig({
  plugins: [catalogParts(), react(), tailwindcss(), prerender()],
  resolve: {
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: "@formatjs/icu-messageformat-parser/no-parser.js" }],
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
