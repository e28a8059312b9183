/** How long a query takes as the benches report it: the median and the 95th percentile, in milliseconds. */
export interface Timing {
  p50: number;
  p95: number;
}

/** Awaiting the first runs warms the database's caches and the connection, as a Worker that has been answering is warm. */
const WARM_UP_RUNS = 20;

/** `work` run `runs` times (each told its run number) after some unmeasured runs. */
export async function timed(work: (run: number) => Promise<unknown>, runs: number): Promise<Timing> {
  for (let run = 0; run < WARM_UP_RUNS; run++) await work(run);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const begun = performance.now();
    await work(run);
    times.push(performance.now() - begun);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs * 0.5)]!, p95: times[Math.floor(runs * 0.95)]! };
}
