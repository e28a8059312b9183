import { parse } from "@formatjs/icu-messageformat-parser";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// In development the Worker runs under wrangler on WORKER_PORT; Vite forwards /api to it
// (WebSockets included) so one address serves both.
const workerPort = process.env.WORKER_PORT ?? "8787";

const CATALOG = /\/(src\/i18n|contract)\/messages\/[a-z]{2}\.json$/;

/**
 * Ships message catalogs already parsed into ICU syntax trees, so the browser needs no
 * message parser (react-intl formats the trees directly): about 10 KB less to download.
 */
function precompiledMessages(): Plugin {
  return {
    name: "precompiled-messages",
    enforce: "pre",
    transform(code, id) {
      if (!CATALOG.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const trees = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(trees), map: null };
    },
  };
}

export default defineConfig({
  plugins: [precompiledMessages(), react(), tailwindcss()],
  resolve: {
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: "@formatjs/icu-messageformat-parser/no-parser.js" }],
  },
  server: {
    proxy: {
      "/api": { target: `http://127.0.0.1:${workerPort}`, ws: true },
    },
  },
});
