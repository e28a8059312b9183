// What the call relay adds to the audio's round trip. One caller socket talks to the speech
// model through the Worker and the call's Durable Object (as bench/support/call-stack.ts runs
// them); the same client also talks to the model directly. The model is the fake, in echo
// mode: each audio buffer comes straight back. Both paths are measured in the same run,
// alternating, with real-sized buffers (4096 samples of PCM16). Target: under 2 ms added at p99.
import WebSocket from "ws";
import { Miniflare } from "miniflare";
import { CALL_AUDIO } from "../contract/call-socket.ts";
import { startCallStack } from "./support/call-stack.ts";

const TARGET_ADDED_P99_MS = 2;
const ROUNDS = 600;
const WARM_UP = 60;
// A call takes its caller's audio at the pace of speech (calls/engine/audio-pacer.ts), so the
// buffers are spread over several calls, each fed in real time.
const CALLS = 12;
const ROUND_MS = (CALL_AUDIO.bufferSamples / CALL_AUDIO.sampleRate) * 1000 / CALLS;

const stack = await startCallStack("relay", "echo");
const { workerUrl, modelUrl } = stack;

// The runtime's own floor: a Worker handing the socket to a Durable Object that echoes each
// message, with no code of this project in the way.
const floor = new Miniflare({
  modules: true,
  compatibilityDate: "2026-04-20",
  durableObjects: { ECHO: "Echo" },
  script: `
    export class Echo {
      async fetch() {
        const [client, server] = Object.values(new WebSocketPair());
        server.accept();
        server.addEventListener("message", (event) => server.send(event.data));
        return new Response(null, { status: 101, webSocket: client });
      }
    }
    export default { fetch: (request, env) => env.ECHO.get(env.ECHO.newUniqueId()).fetch(request) };`,
});
const floorUrl = (await floor.ready).origin;

/** Resolves with the next message of the socket that `accept` takes. */
function nextMessage(socket: WebSocket, accept: (message: { type: string }) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const listener = (data: WebSocket.RawData) => {
      if (!accept(JSON.parse(String(data)) as { type: string })) return;
      socket.off("message", listener);
      resolve();
    };
    socket.on("message", listener);
  });
}

function open(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  const socket = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

try {
  const buffer = Buffer.alloc(CALL_AUDIO.bufferSamples * 2);
  for (let i = 0; i < buffer.length; i += 2) buffer.writeInt16LE(Math.round(2000 * Math.sin(i / 20)), i);
  const audio = buffer.toString("base64");

  const direct = await open(modelUrl.replace(/^http/, "ws"));
  // From addresses of their own, as the demo's lines are limited per address.
  const relayed = await Promise.all(
    Array.from({ length: CALLS }, async (_, i) => {
      const socket = await open(`${workerUrl.replace(/^http/, "ws")}/api/browser-ai/default`, { "cf-connecting-ip": `198.51.100.${i + 1}` });
      await nextMessage(socket, (m) => m.type === "session_created");
      return socket;
    }),
  );

  const roundTrip = async (socket: WebSocket, message: string, answer: string) => {
    const started = performance.now();
    const back = nextMessage(socket, (m) => m.type === answer);
    socket.send(message);
    await back;
    return performance.now() - started;
  };
  const viaModel = JSON.stringify({ type: "input_audio_buffer.append", audio });
  const viaRelay = JSON.stringify({ type: "audio", data: audio });

  const echo = await open(floorUrl.replace(/^http/, "ws"));

  const times = { direct: [] as number[], relay: [] as number[], floor: [] as number[] };
  const start = performance.now();
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    const early = start + round * ROUND_MS - performance.now();
    if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
    const d = await roundTrip(direct, viaModel, "response.output_audio.delta");
    const r = await roundTrip(relayed[round % CALLS]!, viaRelay, "audio");
    const f = await roundTrip(echo, viaRelay, "audio");
    if (round >= WARM_UP) {
      times.direct.push(d);
      times.relay.push(r);
      times.floor.push(f);
    }
  }
  direct.close();
  for (const socket of relayed) socket.close();
  echo.close();

  const sorted = {
    direct: times.direct.toSorted((a, b) => a - b),
    relay: times.relay.toSorted((a, b) => a - b),
    floor: times.floor.toSorted((a, b) => a - b),
  };
  const p = (path: keyof typeof sorted, q: number) => quantile(sorted[path], q);
  const addedP50 = p("relay", 0.5) - p("direct", 0.5);
  const addedP99 = p("relay", 0.99) - p("direct", 0.99);
  console.log(`audio round trip, ${ROUNDS} buffers of ${CALL_AUDIO.bufferSamples} samples (${audio.length} base64 characters), loopback:`);
  console.log(`  direct to the model:            p50 ${p("direct", 0.5).toFixed(2)} ms, p99 ${p("direct", 0.99).toFixed(2)} ms`);
  console.log(`  through Worker + call object:   p50 ${p("relay", 0.5).toFixed(2)} ms, p99 ${p("relay", 0.99).toFixed(2)} ms`);
  console.log(`  runtime floor (echo object):    p50 ${p("floor", 0.5).toFixed(2)} ms, p99 ${p("floor", 0.99).toFixed(2)} ms (a Worker and an echoing Durable Object, no project code)`);
  console.log(`  added by the relay:             p50 ${addedP50.toFixed(2)} ms, p99 ${addedP99.toFixed(2)} ms (relay/direct at p50: ${(p("relay", 0.5) / p("direct", 0.5)).toFixed(2)}x)`);
  console.log(`  target: under ${TARGET_ADDED_P99_MS} ms added at p99 -> ${addedP99 < TARGET_ADDED_P99_MS ? "met" : "NOT met"}`);
  if (addedP99 >= TARGET_ADDED_P99_MS) process.exitCode = 1;
} finally {
  await floor.dispose();
  await stack.stop();
}
