import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { OutputBundle } from "rolldown";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { LANGUAGES, type Language } from "../../contract/languages.ts";
import { PUBLIC_PAGES } from "../../contract/public-pages.ts";

const SERVER_ENTRY = "src/entry-server.tsx";
// What src/main.tsx imports after the first paint: the app itself.
const APP_START = "src/app/start.tsx";
// A partial document's <title>, <meta> and <link> elements come first in React's output.
const HOISTED = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*>)*/;

interface ServerEntry {
  renderPage(path: string, language: Language): Promise<string>;
}


/** The built shell with a rendered page in it: its language, its head elements and its body. */
export function pageDocument(template: string, language: Language, rendered: string): string {
  const head = HOISTED.exec(rendered)![0];
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace("</head>", `${head}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${rendered.slice(head.length)}</div>`);
}

const preloadLinks = (files: string[]) => files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("");

/** The files of the chunk built from `module` and of every chunk it imports statically. */
function staticClosure(bundle: OutputBundle, module: string): string[] {
  const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
  const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
  if (!start) throw new Error(`prerender: ${module} is not in the bundle`);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) visit(imported);
  };
  visit(start.fileName);
  return [...files];
}

/**
 * After the browser build, renders every public page in every language to static HTML with
 * React's prerender API (src/entry-server.tsx, built for Node on the way) and writes
 * `/{lang}{page}.html` beside the shell, which the Worker's assets serve at `/{lang}{page}`.
 * The signed-in screens stay client-rendered from the shell, `index.html`.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  let appFiles: string[] = [];
  return {
    name: "prerender",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      appFiles = staticClosure(bundle, APP_START);
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const serverDir = resolve(config.root, "node_modules/.prerender");
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: "warn",
        build: { ssr: SERVER_ENTRY, outDir: serverDir, emptyOutDir: true, copyPublicDir: false },
      });
      try {
        const server = (await import(pathToFileURL(join(serverDir, "entry-server.js")).href)) as ServerEntry;
        const template = readFileSync(join(outDir, "index.html"), "utf8");
        // Only the shell preloads the app's code: it has nothing to show before the app runs. A
        // prerendered page lets src/main.tsx import the app after the first paint, since code
        // fetched beside the page, even at low priority, shares a slow line with the page and its
        // stylesheet (Lighthouse on a phone: first paint 1.1 s without these hints, 2.4 s with
        // them at full priority, and the largest paint 1.1 s against 2.5 s at low).
        writeFileSync(join(outDir, "index.html"), template.replace("</head>", `${preloadLinks(appFiles)}</head>`));
        for (const language of LANGUAGES) {
          for (const page of PUBLIC_PAGES) {
            const path = `/${language}${page}`;
            const file = join(outDir, `${path}.html`);
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(file, pageDocument(template, language, await server.renderPage(path, language)));
          }
        }
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
