import type { Database } from "../data/db.ts";
import type { Bindings } from "../env.ts";

/*
 * The one way background work runs. A job is a declaration: a periodic task run whole, or an
 * outbox whose due items are each claimed with a lease for one attempt. The runner owns what
 * they all share: the lease's length rules, the one backoff schedule, giving up into the
 * item's failed state, and catching and logging errors, so one failing job or item never
 * stops the others and a run of the cron never rejects. Every item's table stays the source
 * of truth: a claim, an outcome and a failure are written there by the job's own queries.
 */

/** Where the runner takes the time from: the real one in production, a fixed or stepped one in tests. */
export interface Clock {
  now(): Date;
}

export const realClock: Clock = { now: () => new Date() };

/** What a job's functions are given. */
export interface JobRun {
  env: Bindings;
  db: Database;
  clock: Clock;
}

/** Minutes before the next attempt after each failed one, for every outbox. */
export const BACKOFF_MINUTES = [1, 5, 15, 60, 360, 720] as const;

/** When an item whose `attempt` failed is tried again; null once its `attempts` are spent. */
export function retryAt(now: Date, attempt: number, attempts: number): Date | null {
  if (attempt >= attempts) return null;
  // outbox() holds `attempts` to one more than the schedule has waits.
  return new Date(now.getTime() + BACKOFF_MINUTES[attempt - 1]! * 60_000);
}

/**
 * A lease is longer than an attempt may take, or a live attempt would be claimed twice, and no
 * longer than the cron's period, so an attempt that died is taken up by the run after next.
 */
const LEASE_SECONDS = { min: 30, max: 5 * 60 };

export interface Lease {
  /** When the claim is made, by the runner's clock. */
  now: Date;
  /** When the claim runs out and the item may be claimed again. */
  until: Date;
}

/** What an attempt came to: its outcome written by the job (sent, skipped, …), or a failure for the runner. */
export type AttemptResult<Failure> = "settled" | { failure: Failure; retry: boolean };

export interface Job {
  name: string;
  /** Jobs whose run this one waits for (what they write, this one sends in the same run). */
  after?: string[];
  run(run: JobRun): Promise<unknown>;
}

/** A job run whole once per cron run: it has no items of its own to retry. */
export const task = (job: Job): Job => job;

export interface OutboxDeclaration<Due extends { id: string }, Claimed extends { attempt: number }, Failure> {
  name: string;
  after?: string[];
  leaseSeconds: number;
  /** Attempts before an item is given up (at most one more than the backoff schedule has waits). */
  attempts: number;
  /** Items one cron run takes. */
  batch: number;
  /** Items attempted side by side. */
  parallel?: number;
  /** Items of one lane go one after another, in the order they came due (a webhook endpoint's). */
  lane?: (item: Due) => string;
  /** What a run may attempt now, across salons, oldest first. */
  due(run: JobRun, batch: number): Promise<Due[]>;
  /** Takes one item for one attempt, counting it; null when it is not there to take (not due, held by another, done). */
  claim(run: JobRun, item: Due, lease: Lease): Promise<Claimed | null>;
  /** Does the work; writes its outcome itself, except a failure, which comes back to the runner. */
  attempt(run: JobRun, item: Claimed): Promise<AttemptResult<Failure>>;
  /** Records a failed attempt: tried again at `retryAt`, or without one in the item's failed state. */
  failed(run: JobRun, item: Claimed, failure: Failure, retryAt: Date | null): Promise<void>;
  /** The failure recorded for an item whose last attempt died before it could write what came of it. */
  abandoned: Failure;
}

export interface Outbox<Due extends { id: string }> extends Job {
  /** Attempts these items now (a request's, after its answer has gone out), as a run of the cron would. */
  attemptNow(run: JobRun, items: Due[]): Promise<void>;
}

export function outbox<Due extends { id: string }, Claimed extends { attempt: number }, Failure>(
  job: OutboxDeclaration<Due, Claimed, Failure>,
): Outbox<Due> {
  if (job.leaseSeconds < LEASE_SECONDS.min || job.leaseSeconds > LEASE_SECONDS.max) {
    throw new Error(`job ${job.name}: a lease is ${LEASE_SECONDS.min} to ${LEASE_SECONDS.max} seconds`);
  }
  if (job.attempts < 1 || job.attempts > BACKOFF_MINUTES.length + 1) {
    throw new Error(`job ${job.name}: 1 to ${BACKOFF_MINUTES.length + 1} attempts, one per wait of the backoff schedule and a first`);
  }

  const attemptOne = async (run: JobRun, due: Due) => {
    try {
      const now = run.clock.now();
      const item = await job.claim(run, due, { now, until: new Date(now.getTime() + job.leaseSeconds * 1000) });
      if (!item) return;
      // Claimed past its last attempt: the last one died mid-way, and it is not tried again.
      if (item.attempt > job.attempts) return await job.failed(run, item, job.abandoned, null);
      const result = await job.attempt(run, item);
      if (result === "settled") return;
      await job.failed(run, item, result.failure, result.retry ? retryAt(run.clock.now(), item.attempt, job.attempts) : null);
    } catch (error) {
      // The item stays claimed; its lease runs out and a later run takes it up.
      console.error(`job ${job.name}: the attempt at ${due.id} failed`, error);
    }
  };

  const attemptNow = async (run: JobRun, items: Due[]) => {
    const lanes = new Map<string, Due[]>();
    for (const item of items) {
      const lane = job.lane?.(item) ?? item.id;
      lanes.set(lane, [...(lanes.get(lane) ?? []), item]);
    }
    const waiting = [...lanes.values()];
    const worker = async () => {
      for (let lane = waiting.shift(); lane; lane = waiting.shift()) {
        for (const item of lane) await attemptOne(run, item);
      }
    };
    await Promise.all(Array.from({ length: job.parallel ?? 1 }, worker));
  };

  return {
    name: job.name,
    after: job.after,
    run: async (run) => attemptNow(run, await job.due(run, job.batch)),
    attemptNow,
  };
}

/**
 * Runs every job, each once the jobs it comes after have finished; answers when all have.
 * A job that fails is logged and the others go on: this never rejects.
 */
export async function runAll(jobs: readonly Job[], run: JobRun): Promise<void> {
  const finished = new Map<string, Promise<void>>();
  for (const job of jobs) {
    const before = (job.after ?? []).map(
      (name) => finished.get(name) ?? Promise.reject(new Error(`it comes after ${name}, which is not registered before it`)),
    );
    finished.set(
      job.name,
      Promise.all(before)
        .then(() => job.run(run))
        .then(
          () => undefined,
          (error: unknown) => console.error(`job ${job.name}: its run failed`, error),
        ),
    );
  }
  await Promise.all(finished.values());
}
