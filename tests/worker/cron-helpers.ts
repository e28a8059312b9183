import { env } from "cloudflare:workers";
import type { Bindings } from "../../worker/env.ts";
import { JOBS, runCron } from "../../worker/jobs/cron.ts";

/** Runs one of the cron's jobs alone, named as the cron lists it, with the job runner's clock at `at`. */
export function runJobAt(name: string, at: Date, bindings: Bindings = env as Bindings): Promise<void> {
  const jobs = JOBS.filter((job) => job.name === name);
  if (jobs.length === 0) throw new Error(`the cron has no job named "${name}"`);
  return runCron(bindings, { clock: { now: () => at }, jobs });
}
