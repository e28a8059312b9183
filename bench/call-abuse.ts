// The public demo under abuse, as an outside attack test ran it. 1) Fifty addresses open the
// demo at once: how many sessions start, against the concurrent demo cap. 2) One socket floods
// audio as fast as it can for a few seconds: how much of it reaches the speech model per second,
// against real time (24 kHz PCM16 is 48,000 bytes a second), and what a plain request takes
// meanwhile. 3) Callers that hang up while their call is set up: whether their slots come free.
// Targets: sessions ≤ the cap; relayed ≤ 1.5× real time; no slot held by a caller who hung up.
import postgres from "postgres";
import WebSocket from "ws";
import { CALL_AUDIO, CALL_LIMITS } from "../contract/call-socket.ts";
import { startCallStack } from "./support/call-stack.ts";

const CALLERS = 50;
const HANG_UPS = 20;
const FLOOD_MS = 5000;
const REAL_TIME_BYTES_PER_SECOND = CALL_AUDIO.sampleRate * 2;
const TARGET_RATIO = 1.5;

const stack = await startCallStack("abuse", "scripted");
const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
const demoUrl = `${stack.workerUrl.replace(/^http/, "ws")}/api/browser-ai/default`;

type Outcome = { socket: WebSocket; result: string };

/** A demo call from `address`: "session" once the call is set up, else the refusal's code. */
function demo(address: string): Promise<Outcome> {
  const socket = new WebSocket(demoUrl, { headers: { "cf-connecting-ip": address } });
  return new Promise((resolve) => {
    const settle = (result: string) => resolve({ socket, result });
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { type: string; code?: string };
      if (message.type === "session_created") settle("session");
      if (message.type === "error") settle(message.code ?? "error");
    });
    socket.on("close", () => settle("closed"));
    socket.on("error", () => settle("failed"));
  });
}

const closed = (socket: WebSocket) =>
  socket.readyState === WebSocket.CLOSED ? Promise.resolve() : new Promise<void>((resolve) => socket.once("close", () => resolve()));

const demoRecords = async (since: Date) =>
  (await sql<{ made: number; open: number }[]>`
    select count(*)::int as made, (count(*) filter (where call_status = 'in-progress'))::int as open
    from calls where is_demo and call_started_at >= ${since}`)[0]!;

/**
 * Demo records of calls started since `since` that are still open once `expected` records were
 * made and had up to 10 s to be closed (a record may be made after its caller already left).
 */
async function heldSlots(since: Date, expected: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  let records = await demoRecords(since);
  while ((records.made < expected || records.open > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    records = await demoRecords(since);
  }
  return records.open;
}

const databaseNow = async () => (await sql<{ now: Date }[]>`select now()`)[0]!.now;

function tally(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const { result } of outcomes) counts.set(result, (counts.get(result) ?? 0) + 1);
  return [...counts].map(([result, count]) => `${result} ${count}`).join(", ");
}

try {
  // 1) Fifty addresses at once.
  const firstStart = await databaseNow();
  const opened = await Promise.all(Array.from({ length: CALLERS }, (_, i) => demo(`198.51.100.${i + 1}`)));
  const sessions = opened.filter((o) => o.result === "session").length;
  for (const { socket } of opened) socket.close(1000, "bye");
  await Promise.all(opened.map(({ socket }) => closed(socket)));
  const heldAfterCallers = await heldSlots(firstStart, sessions);

  console.log(`demo sessions opened by ${CALLERS} concurrent addresses: ${sessions} (cap ${CALL_LIMITS.demoConcurrent}) [${tally(opened)}]`);
  console.log(`  -> ${sessions <= CALL_LIMITS.demoConcurrent ? "met" : "NOT met"}; records still open once they hung up: ${heldAfterCallers}`);

  // 2) One socket floods audio; the model's side counts what reaches it.
  const control = new WebSocket(`${stack.modelUrl.replace(/^http/, "ws").replace(/\/v1\/realtime$/, "")}/control?match=${encodeURIComponent("Salon Bella")}`);
  await new Promise((resolve) => control.once("open", resolve));
  let relayedBytes = 0;
  const modelClosed = new Promise<void>((resolve) => {
    control.on("message", (data) => {
      const message = JSON.parse(String(data)) as { type: string; event?: { type: string; audio?: string } };
      if (message.type === "closed") resolve();
      if (message.event?.type === "input_audio_buffer.append") relayedBytes += Math.floor((message.event.audio!.length * 3) / 4);
    });
    control.on("close", () => resolve());
  });

  const flooder = await demo("203.0.113.77");
  if (flooder.result !== "session") throw new Error(`the flooding call did not start: ${flooder.result}`);
  const buffer = Buffer.alloc(CALL_AUDIO.bufferSamples * 2);
  for (let i = 0; i < buffer.length; i += 2) buffer.writeInt16LE(Math.round(2000 * Math.sin(i / 20)), i);
  const message = JSON.stringify({ type: "audio", data: buffer.toString("base64") });
  let sentBytes = 0;
  let closedByServerAfterMs: number | null = null;
  const floodStarted = performance.now();
  flooder.socket.once("close", () => (closedByServerAfterMs = performance.now() - floodStarted));

  // A plain request's time while the flood runs.
  const probeTimes: number[] = [];
  const probe = (async () => {
    while (performance.now() - floodStarted < FLOOD_MS) {
      const started = performance.now();
      await fetch(`${stack.workerUrl}/api/health`).then((response) => response.arrayBuffer());
      probeTimes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();

  while (performance.now() - floodStarted < FLOOD_MS && flooder.socket.readyState === WebSocket.OPEN) {
    if (flooder.socket.bufferedAmount < 4 * 1024 * 1024) {
      flooder.socket.send(message);
      sentBytes += buffer.length;
    } else await new Promise((resolve) => setImmediate(resolve));
  }
  const closedByServer = flooder.socket.readyState !== WebSocket.OPEN;
  flooder.socket.close(1000, "bye");
  await probe;
  // Everything the flood sent is counted once the model's side of the call is closed.
  const drained = await Promise.race([modelClosed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000))]);
  control.close();

  const seconds = FLOOD_MS / 1000;
  const ratio = relayedBytes / seconds / REAL_TIME_BYTES_PER_SECOND;
  const median = probeTimes.toSorted((a, b) => a - b)[Math.floor(probeTimes.length / 2)] ?? NaN;
  console.log(`audio flood, ${seconds} s from one socket: sent ${(sentBytes / 1e6).toFixed(1)} MB, ${closedByServer ? `socket closed by the server after ${Math.round(closedByServerAfterMs ?? 0)} ms` : "socket still open at the end"}`);
  if (!drained) console.log("  (the model's side was still receiving 20 s after the flood: the figure below is a floor)");
  console.log(`  relayed to the model: ${Math.round(relayedBytes / seconds)} bytes/s, ${ratio.toFixed(2)}x real time (${REAL_TIME_BYTES_PER_SECOND} bytes/s) -> ${ratio <= TARGET_RATIO ? "met" : "NOT met"} (target ≤ ${TARGET_RATIO}x)`);
  console.log(`  a plain request meanwhile: median ${median.toFixed(1)} ms over ${probeTimes.length} requests`);

  // 3) Callers who hang up while their call is still being set up.
  const hangUpStart = await databaseNow();
  const hangUps = Array.from({ length: HANG_UPS }, (_, i) => {
    const socket = new WebSocket(demoUrl, { headers: { "cf-connecting-ip": `198.51.100.${100 + i}` } });
    socket.on("open", () => socket.close(1000, "bye"));
    socket.on("error", () => {});
    return closed(socket);
  });
  await Promise.all(hangUps);
  const heldAfterHangUps = await heldSlots(hangUpStart, HANG_UPS);

  console.log(`demo records still open after ${HANG_UPS} callers hung up during set-up: ${heldAfterHangUps} -> ${heldAfterHangUps === 0 ? "met" : "NOT met"}`);
} finally {
  await sql.end();
  await stack.stop();
}
