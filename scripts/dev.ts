// npm run dev: the whole product on this machine at one address.
import { createServer } from "vite";
import { DEMO_BOOKING_SLUG } from "./lib/demo-booking.ts";
import { startStack } from "./lib/local-stack.ts";
import { DEMO_TEAM } from "./lib/demo-team.ts";
import { DEMO_LOGIN } from "./lib/seed.ts";

const WORKER_PORT = Number(process.env.WORKER_PORT ?? 8787);
const PORT = Number(process.env.PORT ?? 5173);

// Live calls and phone calls reach the real services when their settings are in the environment.
const PASSED_THROUGH = ["OPENAI_API_KEY", "OPENAI_REALTIME_URL", "OPENAI_REALTIME_MODEL", "REALTIME_PRICES", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_API_BASE_URL"];
const passedThrough = Object.fromEntries(PASSED_THROUGH.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));

// A stop asked for while the stack still starts waits for it, then stops all of it.
let stopping = false;
const started = (async () => {
  const stack = await startStack({
    dataDir: process.env.DATA_DIR ?? ".data/postgres",
    pgPort: Number(process.env.PGPORT ?? 54329),
    database: "receptionist",
    workerPort: WORKER_PORT,
    appUrl: `http://localhost:${PORT}`,
    log: console.log,
    watch: true,
    // A webhook receiver the developer runs on this machine may be reached over plain http.
    vars: { WEBHOOK_HTTP_HOSTS: "127.0.0.1,localhost", ...passedThrough },
  });
  if (stopping) return { stack, vite: null };
  process.env.WORKER_PORT = String(WORKER_PORT);
  const vite = await createServer({ server: { port: PORT, strictPort: true } });
  await vite.listen();
  return { stack, vite };
})();

async function shutdown() {
  if (stopping) return;
  stopping = true;
  const running = await started.catch(() => null);
  await running?.vite?.close();
  await running?.stack.stop();
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown());

const { stack } = await started;
if (!stopping) {
  const url = `http://localhost:${PORT}/`;
  console.log(`
  Recepta is running at ${url}
  Local mailbox:        ${url}dev/mailbox
  Demo salon sign-in:   ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}  (owner)
                        ${DEMO_TEAM.manager.email} / ${DEMO_TEAM.manager.password}  (manager)
                        ${DEMO_TEAM.stylist.email} / ${DEMO_TEAM.stylist.password}  (stylist: Jana)
  Its booking page:     ${url}en/book/${DEMO_BOOKING_SLUG}
  Database:             ${stack.databaseUrl}

  Press Ctrl-C to stop.
`);
}
