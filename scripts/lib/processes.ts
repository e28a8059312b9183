import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

/**
 * Starts `command` as the leader of a process group of its own: wrangler's launcher runs the
 * real CLI as a child, which runs workerd and esbuild, and a signal to the launcher alone
 * reaches none of them. stopProcess signals the whole group.
 */
export function run(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  // Should this process die without stopping it, the group goes with it.
  const orphaned = () => signalGroup(child, "SIGKILL");
  process.once("exit", orphaned);
  child.once("exit", () => process.off("exit", orphaned));
  return child;
}

/** Signals every process of `child`'s group; answers whether any was left to signal. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-child.pid!, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a process of `child`'s group still runs. Where /proc tells, zombies do not count:
 * a container's first process may never reap the ones it inherits.
 */
function groupRunning(child: ChildProcess): boolean {
  if (!signalGroup(child, 0)) return false;
  if (!existsSync("/proc")) return true;
  return readdirSync("/proc").some((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // After the command's name: state, parent, process group.
      const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return Number(group) === child.pid && state !== "Z";
    } catch {
      return false;
    }
  });
}

/** Resolves once no process of `child`'s group runs, or after `ms`. */
async function groupGone(child: ChildProcess, ms: number) {
  const deadline = Date.now() + ms;
  while (groupRunning(child) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Resolves once `ready` answers true, or rejects when the process dies first or time runs out. */
export async function waitUntilReady(child: ChildProcess, what: string, ready: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once("exit", () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${child.spawnargs.join(" ")} exited before ${what} answered`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer within ${timeoutMs} ms`);
}

/** Stops a process started by `run` and everything it started: SIGTERM, then SIGKILL after 5 s. */
export async function stopProcess(child: ChildProcess) {
  if (child.pid === undefined || !signalGroup(child, "SIGTERM")) return;
  await groupGone(child, 5000);
  if (groupRunning(child)) {
    signalGroup(child, "SIGKILL");
    await groupGone(child, 1000);
  }
}
