// Builds the SPA and prints what two pages download, gzip-compressed: the home page (the entry
// chunk, the app it imports after the first paint, everything they import statically, their
// CSS and the catalog of the page's language) and a salon's booking page, a build of its own
// (its entry, its CSS and its catalogue part). Each has a budget, and neither may carry code
// of the signed-in screens; the booking page none of the site's either, nor React itself.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

interface Page {
  name: string;
  manifest: string;
  /** Manifest keys of what loads with the page beside its entry. */
  alsoLoaded: [key: string, why: string][];
  budgetKb: number;
  /** Sources that must not be in the page's files. */
  forbidden: RegExp;
  forbiddenWhat: string;
}

// Code of the signed-in screens.
const SIGNED_IN = /src\/(features\/(dashboard|salon-settings|assistants|phone-numbers|calendar|calls|clients|questions)|app\/signed-in-shell)\//;
// The site's own code: the home page's app, its features, its navigation, the session and its API client.
const SITE = /src\/(app|features\/(marketing|call-demo|pricing|blog|auth|waitlist|visit)|components\/navbar|lib\/auth|lib\/api-client)\b/;

const PAGES: Page[] = [
  {
    name: "home page",
    manifest: "dist/.vite/manifest.json",
    // The entry imports the app as soon as the prerendered page has painted: part of every page load.
    alsoLoaded: [
      ["src/app/start.tsx", "the app, imported after the first paint"],
      ["virtual:catalog/en/core", "English core catalog, loaded at start"],
    ],
    // React and ReactDOM alone are about 61 KB of it, the router 13, react-intl 7.5, the styles 11.7.
    budgetKb: 135,
    forbidden: SIGNED_IN,
    forbiddenWhat: "signed-in code",
  },
  {
    name: "booking page",
    manifest: "dist/.vite/booking-manifest.json",
    alsoLoaded: [["virtual:catalog/en/booking", "English booking catalog, loaded at start"]],
    // Preact stands in for React (about 5 KB of it), react-intl 7.5, TanStack Query 11, the styles 5.7.
    budgetKb: 80,
    forbidden: new RegExp(`${SIGNED_IN.source}|${SITE.source}|node_modules/react-dom/`),
    forbiddenWhat: "signed-in, site or React code",
  },
];

// Source maps say which sources each file holds; hidden ones leave the files as they are served.
execFileSync("node_modules/.bin/vite", ["build", "--manifest", "--sourcemap", "hidden"], { stdio: "ignore" });

/** The files a page downloads, each with why. */
function download(page: Page): Map<string, string> {
  const manifest = JSON.parse(readFileSync(page.manifest, "utf8")) as Manifest;
  const loaded = new Map<string, string>();
  const visit = (key: string, why: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file)) return;
    loaded.set(chunk.file, why);
    for (const css of chunk.css ?? []) loaded.set(css, `css of ${why}`);
    for (const imported of chunk.imports ?? []) visit(imported, `imported by ${why}`);
  };
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)!;
  visit(entry[0], "entry");
  for (const [key, why] of page.alsoLoaded) visit(key, why);
  return loaded;
}

/** The source files bundled into a script, from its source map. */
function sources(file: string): string[] {
  const map = `dist/${file}.map`;
  return file.endsWith(".js") && existsSync(map) ? (JSON.parse(readFileSync(map, "utf8")) as { sources: string[] }).sources : [];
}

let met = true;
for (const page of PAGES) {
  const loaded = download(page);
  const rows = [...loaded.keys()].map((file) => {
    const bytes = readFileSync(`dist/${file}`);
    return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
  });
  const total = rows.reduce((sum, row) => sum + row.gzip, 0) / 1024;
  const leaked = [...new Set([...loaded.keys()].flatMap(sources).filter((source) => page.forbidden.test(source)))];

  console.log(`\n${page.name}:`);
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`${row.file.padEnd(44)} ${(row.raw / 1024).toFixed(1).padStart(8)} KB raw ${(row.gzip / 1024).toFixed(1).padStart(7)} KB gzip`);
  }
  console.log(`${page.name} JS+CSS: ${total.toFixed(1)} KB gzip of a ${page.budgetKb} KB budget (${((total / page.budgetKb) * 100).toFixed(0)}%)`);
  console.log(`${page.forbiddenWhat} on the ${page.name}: ${leaked.length ? leaked.join(", ") : "none"}`);
  met &&= total <= page.budgetKb && leaked.length === 0;
}
console.log(`\nverdict: ${met ? "both pages within budget, with only their own code" : "a page is over its budget or carries code it must not"}`);
process.exitCode = met ? 0 : 1;
