// What strangers can make password hashing cost everyone else. A cheap request's p50 is
// measured idle and again while ten clients send reset requests with made-up links, each
// from an address of its own, so no per-address limit helps (target: within 2x of idle). Then thirty wrong passwords for one account arrive at once from one address: how
// many were hashed and checked before the rest were refused (target: no more than the
// limit). The Worker runs under wrangler on its embedded database, as in the browser tests.
import { startStack } from "../scripts/lib/local-stack.ts";
import { DEMO_LOGIN } from "../scripts/lib/seed.ts";

const TARGET_RATIO = 2;
const LOGIN_LIMIT = 5;
const SAMPLES = 80;
const workerPort = Number(process.env.BENCH_PORT ?? 8799);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54396);

const stack = await startStack({
  dataDir: `.data/postgres-bench-auth-${pgPort}`,
  pgPort,
  database: "receptionist_bench_auth",
  freshDatabase: true,
  workerPort,
  appUrl: `http://127.0.0.1:${workerPort}`,
});

let addresses = 0;
const newAddress = () => ({ "cf-connecting-ip": `198.18.${Math.floor(++addresses / 250)}.${addresses % 250}` });
const post = (path: string, body: unknown, headers: Record<string, string>) =>
  fetch(`${stack.workerUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** Milliseconds of `count` cheap requests, one after the other. */
async function cheapRequests(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await (await fetch(`${stack.workerUrl}/api/health`)).arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}
const p50 = (times: number[]) => times.toSorted((a, b) => a - b)[Math.floor(times.length / 2)]!;

try {
  await cheapRequests(20); // warm up
  const idle = p50(await cheapRequests(SAMPLES));

  // Ten clients, each sending a request every 100 ms ("paced"), or the next one as soon as
  // the last is answered ("flood"). A flood of anything slows a two-core machine down, so
  // the flood of bogus resets is set beside a flood of the cheap request itself.
  const bogusReset = () => post("/api/auth/reset-password", { token: crypto.randomUUID(), new_password: "made-up and long enough" }, newAddress());
  const cheap = () => fetch(`${stack.workerUrl}/api/health`);
  async function during(send: () => Promise<Response>, pauseMs: number) {
    let running = true;
    const statuses = new Map<number, number>();
    const clients = Array.from({ length: 10 }, async () => {
      while (running) {
        const next = pauseMs ? new Promise((resolve) => setTimeout(resolve, pauseMs)) : null;
        const answer = await send();
        await answer.arrayBuffer();
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        await next;
      }
    });
    const measured = p50(await cheapRequests(SAMPLES));
    running = false;
    await Promise.all(clients);
    return { p50: measured, answers: [...statuses].map(([status, n]) => `${n} x ${status}`).join(", ") };
  }
  const paced = await during(bogusReset, 100);
  const flood = await during(bogusReset, 0);
  const cheapFlood = await during(cheap, 0);
  const ratio = paced.p50 / idle;
  console.log(`p50 of a cheap request: idle ${idle.toFixed(1)} ms; during 10 clients sending bogus resets every 100 ms ` +
    `${paced.p50.toFixed(1)} ms (ratio ${ratio.toFixed(2)}, target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? "met" : "NOT met"}; ${paced.answers})`);
  console.log(`flooded by 10 clients: bogus resets ${flood.p50.toFixed(1)} ms (${flood.answers}), the cheap request itself ` +
    `${cheapFlood.p50.toFixed(1)} ms: a bogus reset costs ${(flood.p50 / cheapFlood.p50).toFixed(2)}x what any request costs`);

  const guesser = newAddress();
  const guesses = await Promise.all(
    Array.from({ length: 30 }, async () => (await post("/api/auth/login", { email: DEMO_LOGIN.email, password: "Wrong-password-1!" }, guesser)).status),
  );
  const checked = guesses.filter((status) => status === 401).length;
  const refused = guesses.filter((status) => status === 429).length;
  console.log(`30 wrong passwords at once from one address: ${checked} checked, ${refused} refused before hashing ` +
    `(target <= ${LOGIN_LIMIT}: ${checked <= LOGIN_LIMIT ? "met" : "NOT met"})`);
  if (ratio > TARGET_RATIO || checked > LOGIN_LIMIT) process.exitCode = 1;
} finally {
  await stack.stop();
}
