// Builds the SPA and prints what the home page downloads: the entry chunk, the app it imports
// after the first paint, everything they import statically, their CSS and the catalog of the
// page's language, gzip-compressed.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

// React and ReactDOM alone are about 61 KB of it, the router 13, react-intl 7.5, the styles 11.7.
const BUDGET_KB = 135;
// Code that must never reach the public pages (signed-in screens).
const PRIVATE_SOURCES = /src\/features\/(dashboard|salon-settings|assistants|phone-numbers|calendar|calls)\//;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

execFileSync("node_modules/.bin/vite", ["build", "--manifest"], { stdio: "ignore" });
const manifest = JSON.parse(readFileSync("dist/.vite/manifest.json", "utf8")) as Record<string, Chunk>;

const loaded = new Map<string, string>(); // file -> why
function visit(key: string, why: string) {
  const chunk = manifest[key];
  if (!chunk || loaded.has(chunk.file)) return;
  loaded.set(chunk.file, why);
  for (const css of chunk.css ?? []) loaded.set(css, `css of ${why}`);
  for (const imported of chunk.imports ?? []) visit(imported, `imported by ${why}`);
}
const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)!;
visit(entry[0], "entry");
// The entry imports the app as soon as the prerendered page has painted: part of every page load.
visit("src/app/start.tsx", "the app, imported after the first paint");
visit("virtual:catalog/en/core", "English core catalog, loaded at start");

const rows = [...loaded.keys()].map((file) => {
  const bytes = readFileSync(`dist/${file}`);
  return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
});
const total = rows.reduce((sum, row) => sum + row.gzip, 0) / 1024;
const leaked = [...loaded.keys()].filter((file) =>
  Object.values(manifest).some((chunk) => chunk.file === file && chunk.src && PRIVATE_SOURCES.test(chunk.src)),
);

for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${row.file.padEnd(44)} ${(row.raw / 1024).toFixed(1).padStart(8)} KB raw ${(row.gzip / 1024).toFixed(1).padStart(7)} KB gzip`);
}
console.log(`\nhome page JS+CSS: ${total.toFixed(1)} KB gzip of a ${BUDGET_KB} KB budget (${((total / BUDGET_KB) * 100).toFixed(0)}%)`);
console.log(`signed-in code on the home page: ${leaked.length ? leaked.join(", ") : "none"}`);
process.exitCode = total <= BUDGET_KB && leaked.length === 0 ? 0 : 1;
