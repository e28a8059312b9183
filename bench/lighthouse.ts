// Lighthouse (mobile: its default emulated phone, simulated slow 4G and 4x slower CPU) on the
// production build as the Worker serves it: prerendered pages, compressed, with the product's
// security headers, on a fresh database of its own. Prints the four scores and the paint and
// blocking figures per page. Targets: performance >= 95, accessibility, best practices and SEO
// 100 on every page. BENCH_BASE_URL measures a server already running instead.
import { execFileSync } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { DEMO_BOOKING_SLUG } from "../scripts/lib/demo-booking.ts";
import { startStack } from "../scripts/lib/local-stack.ts";

// The last is the demo salon's booking page, built apart from the site (book.html).
const PAGES = ["/en", "/de", "/cs", "/en/pricing", "/cs/blog/hairdresser-pitch", `/cs/book/${DEMO_BOOKING_SLUG}`];
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 } as const;
const CATEGORIES = Object.keys(TARGETS) as (keyof typeof TARGETS)[];
const METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
} as const;

let baseUrl = process.env.BENCH_BASE_URL?.replace(/\/$/, "");
let stop = async () => {};
if (!baseUrl) {
  execFileSync("node_modules/.bin/vite", ["build"], { stdio: "ignore" });
  const port = Number(process.env.BENCH_PORT ?? 8945);
  const stack = await startStack({
    dataDir: `.data/postgres-bench-lighthouse`,
    pgPort: Number(process.env.BENCH_PG_PORT ?? 54397),
    database: "receptionist_bench",
    freshDatabase: true,
    workerPort: port,
    appUrl: `http://127.0.0.1:${port}`,
  });
  baseUrl = stack.workerUrl;
  stop = stack.stop;
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const missed: string[] = [];
try {
  console.log(`Lighthouse ${"(mobile, simulated throttling)"} on ${baseUrl}`);
  console.log(`${"page".padEnd(28)} ${CATEGORIES.map((c) => c.padStart(14)).join("")}  ${Object.values(METRICS).map((m) => m.padStart(8)).join("")}`);
  // One unreported run first: a fresh Chromium's first page also pays the browser's own start
  // (its font and locale caches), which is not the page's cost and would land on /en alone.
  await lighthouse(`${baseUrl}${PAGES[0]}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  // Lighthouse now and then fails to record a page's trace (NO_NAVSTART) and asks to be run
  // again; a page is measured a second time then, and a second failure is reported.
  const audit = async (page: string) => {
    for (let attempt = 1; ; attempt++) {
      const { lhr } = (await lighthouse(`${baseUrl}${page}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] }))!;
      if (!lhr.runtimeError) return lhr;
      if (attempt === 2) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
  };
  for (const page of PAGES) {
    const lhr = await audit(page);
    const scores = CATEGORIES.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100));
    const metrics = Object.keys(METRICS).map((id) => lhr.audits[id]?.displayValue ?? "?");
    console.log(`${page.padEnd(28)} ${scores.map((s) => String(s).padStart(14)).join("")}  ${metrics.map((m) => m.padStart(8)).join("")}`);
    CATEGORIES.forEach((category, index) => {
      if (scores[index]! < TARGETS[category]) {
        // What cost the points: every scored audit of the category that did not pass.
        const failing = lhr.categories[category]!.auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${ref.id} ${Math.round((lhr.audits[ref.id]!.score ?? 0) * 100)}`);
        missed.push(`${page} ${category} ${scores[index]} < ${TARGETS[category]}: ${failing.join(", ")}`);
      }
    });
  }
} finally {
  await chrome.kill();
  await stop();
}
console.log(missed.length ? `\ntargets NOT met:\n  ${missed.join("\n  ")}` : "\nevery page met every target");
process.exitCode = missed.length ? 1 : 0;
