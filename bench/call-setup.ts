// How soon a call is under way. Demo calls are opened one after another against the fake
// speech model on loopback, which answers at once (its autopilot greets as soon as it is
// asked); each is timed from its socket's open to the session_created message and to the
// first chunk of the greeting's audio, then hung up. Target: median under 30 ms for each.
import WebSocket from "ws";
import { startCallStack } from "./support/call-stack.ts";

const TARGET_MEDIAN_MS = 30;
const CALLS = 60;
const WARM_UP = 5;

const stack = await startCallStack("setup", "scripted");
const demoUrl = `${stack.workerUrl.replace(/^http/, "ws")}/api/browser-ai/default`;

interface Timing {
  /** From asking for the socket to its open: the route's checks and the line's reservation. */
  open: number;
  sessionCreated: number;
  firstAudio: number;
}

/** One demo call from its own address, timed, then hung up once the greeting is heard. */
function timedCall(address: string): Promise<Timing> {
  const asked = performance.now();
  const socket = new WebSocket(demoUrl, { headers: { "cf-connecting-ip": address } });
  return new Promise((resolve, reject) => {
    let openedAt = 0;
    let sessionAt = 0;
    socket.once("open", () => (openedAt = performance.now()));
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { type: string; message?: string };
      const now = performance.now();
      if (message.type === "session_created") sessionAt = now;
      if (message.type === "error") reject(new Error(`the call failed: ${message.message}`));
      if (message.type !== "audio") return;
      socket.close(1000, "bye");
      resolve({ open: openedAt - asked, sessionCreated: sessionAt - openedAt, firstAudio: now - openedAt });
    });
    socket.once("error", reject);
  });
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
const quantile = (values: number[], q: number) => values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

try {
  const timings: Timing[] = [];
  for (let i = 0; i < WARM_UP + CALLS; i++) {
    const timing = await timedCall(`198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`);
    if (i >= WARM_UP) timings.push(timing);
  }
  const line = (label: string, values: number[], target?: number) =>
    console.log(
      `  ${label.padEnd(36)} median ${median(values).toFixed(1)} ms, p90 ${quantile(values, 0.9).toFixed(1)} ms` +
        (target === undefined ? "" : ` -> ${median(values) < target ? "met" : "NOT met"} (target: median under ${target} ms)`),
    );
  console.log(`call set-up, ${CALLS} demo calls one after another, fake model on loopback answering at once:`);
  line("socket open -> session_created", timings.map((t) => t.sessionCreated), TARGET_MEDIAN_MS);
  line("socket open -> first greeting audio", timings.map((t) => t.firstAudio), TARGET_MEDIAN_MS);
  line("(before it: asking -> socket open)", timings.map((t) => t.open));
  line("(in all: asking -> first audio)", timings.map((t) => t.open + t.firstAudio));
} finally {
  await stack.stop();
}
