import { once } from "node:events";
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { run, stopProcess } from "../../scripts/lib/processes.ts";

// Like wrangler's launcher: it runs the real work as a child and dies on SIGTERM without
// passing the signal on.
const LAUNCHER = `
const { spawn } = require("node:child_process");
const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
console.log(child.pid);
setInterval(() => {}, 1000);
`;

/** Whether `pid` runs; a zombie nobody reaps has stopped. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

it("stops a process started for the local stack together with everything it started", async () => {
  const launcher = run(process.execPath, ["-e", LAUNCHER]);
  const [line] = (await once(launcher.stdout!, "data")) as [Buffer];
  const worker = Number(String(line).trim());
  expect(running(worker)).toBe(true);
  await stopProcess(launcher);
  expect(running(launcher.pid!)).toBe(false);
  expect(running(worker)).toBe(false);
});
