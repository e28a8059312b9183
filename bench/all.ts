import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * Every speed check in turn, each with its figures and verdict, then the targets missed on
 * this machine. A slower or busier machine misses absolute targets the code meets elsewhere,
 * so the checks are run on purpose, not on every build.
 */
const scripts = Object.keys((JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts);
const missed: string[] = [];
const times: string[] = [];
for (const name of scripts.filter((script) => script.startsWith("bench:"))) {
  const start = performance.now();
  const { status } = spawnSync("npm", ["run", name], { stdio: "inherit" });
  if (status !== 0) missed.push(name);
  times.push(`  ${name.padEnd(20)} ${String(Math.round((performance.now() - start) / 1000)).padStart(5)} s`);
}
console.log(`bench times:\n${times.join("\n")}`);
console.log(missed.length ? `targets missed on this machine: ${missed.join(" ")}` : "every target met");
process.exitCode = missed.length ? 1 : 0;
