// Checks the README's first command end to end: `npm run dev` starts, prints its URL, serves
// the SPA with its texts and the API at that one address, and stops cleanly on Ctrl-C.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { chromium } from "playwright-core";
import { chromiumOptions } from "./lib/chromium.ts";

const PORT = 5199;
const dev = spawn("npm", ["run", "dev"], {
  env: { ...process.env, PORT: String(PORT), WORKER_PORT: "8799", PGPORT: "54399" },
  stdio: ["ignore", "pipe", "inherit"],
  detached: true,
});
let output = "";
dev.stdout.setEncoding("utf8");
dev.stdout.on("data", (chunk: string) => (output += chunk));

async function waitFor(text: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(text)) {
    if (Date.now() > deadline || dev.exitCode !== null) throw new Error(`npm run dev never printed "${text}":\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let failed = false;
try {
  await waitFor(`http://localhost:${PORT}/`, 120_000);
  if (!/Demo salon sign-in:\s+\S+@\S+ \/ \S+/.test(output)) throw new Error("the demo sign-in was not printed");

  const health = await fetch(`http://localhost:${PORT}/api/health`);
  if (!health.ok) throw new Error(`/api/health answered ${health.status}`);

  const browser = await chromium.launch(chromiumOptions());
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`http://localhost:${PORT}/de/blog/hairdresser-pitch`);
  await page.getByTestId("yearly-loss").waitFor({ timeout: 30_000 });
  await page.goto(`http://localhost:${PORT}/en`);
  const heading = await page.getByRole("heading", { level: 1 }).textContent({ timeout: 30_000 });
  await browser.close();
  if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
  console.log(`dev server OK: ${PORT}, home heading "${heading?.trim()}"`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  process.kill(-dev.pid!, "SIGINT");
  const timer = setTimeout(() => {
    console.error("npm run dev did not stop within 20 s of Ctrl-C");
    process.kill(-dev.pid!, "SIGKILL");
    process.exit(1);
  }, 20_000);
  await once(dev, "exit");
  clearTimeout(timer);
}
process.exit(failed ? 1 : 0);
