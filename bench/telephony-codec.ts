// What the phone channel's audio conversion costs per 20 ms frame, each way, on one core:
//   caller -> model: Twilio's base64 mu-law 8 kHz (160 bytes) -> base64 PCM16 24 kHz (480 samples)
//   model -> caller: base64 PCM16 24 kHz -> base64 mu-law 8 kHz
// and the same with the JSON messages around them, as a call handles them. Target: both
// directions together at least 2,000 times faster than real time. The alternative, asking
// the model for G.711 mu-law so the payload passes through untouched, is measured beside it.
import { FRAME, PhoneAudio, mulawEncode, pcm16ToBase64, toBase64 } from "../worker/calls/telephony/g711.ts";
import { twilioStreamMessageSchema } from "../worker/calls/telephony/stream-messages.ts";

const TARGET = 2000;
const FRAMES = 60_000;
const WARM_UP = 5_000;
const FRAME_US = FRAME.ms * 1000;

// Speech-like input: a few harmonics under a changing envelope plus noise, 64 distinct frames.
let seed = 7;
const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 2;
function signal(rate: number, samples: number, offset: number): Int16Array {
  return Int16Array.from({ length: samples }, (_, i) => {
    const t = (offset + i) / rate;
    const envelope = 0.5 + 0.5 * Math.sin(2 * Math.PI * 3 * t);
    const voice = Math.sin(2 * Math.PI * 140 * t) + 0.6 * Math.sin(2 * Math.PI * 280 * t) + 0.3 * Math.sin(2 * Math.PI * 2300 * t);
    return Math.max(-32768, Math.min(32767, Math.round(9000 * envelope * voice + 300 * noise())));
  });
}
const VARIANTS = 64;
const twilioPayloads = Array.from({ length: VARIANTS }, (_, i) => toBase64(mulawEncode(signal(8000, FRAME.mulawBytes, i * FRAME.mulawBytes))));
const modelDeltas = Array.from({ length: VARIANTS }, (_, i) => pcm16ToBase64(signal(24_000, FRAME.pcmSamples, i * FRAME.pcmSamples)));
const streamSid = "MZ" + "0123456789abcdef".repeat(2);
const twilioMessages = twilioPayloads.map((payload, i) =>
  JSON.stringify({ event: "media", sequenceNumber: String(i + 3), media: { track: "inbound", chunk: String(i + 1), timestamp: String(i * 20), payload }, streamSid }),
);
// Passthrough: the model would send mu-law, so its deltas are what Twilio wants as they are.
const mulawDeltas = twilioPayloads;

interface Result {
  /** Wall-clock time of single frames, microseconds. */
  p50: number;
  p99: number;
  /** CPU time per frame over a run of FRAMES frames (process.cpuUsage, so time other programs took is left out). */
  cpu: number;
}

/** Times `work(i)`: once as a whole on CPU time, once frame by frame on the clock; microseconds. */
function measure(work: (i: number) => string): Result {
  let sink = 0;
  for (let i = 0; i < WARM_UP; i++) sink += work(i).length;
  const before = process.cpuUsage();
  for (let i = 0; i < FRAMES; i++) sink += work(i).length;
  const used = process.cpuUsage(before);
  const times = new Float64Array(FRAMES);
  for (let i = 0; i < FRAMES; i++) {
    const t0 = performance.now();
    sink += work(i).length;
    times[i] = (performance.now() - t0) * 1000;
  }
  if (sink < 0) console.log(sink); // keeps the work observable
  times.sort();
  return { p50: times[Math.floor(FRAMES * 0.5)]!, p99: times[Math.floor(FRAMES * 0.99)]!, cpu: (used.user + used.system) / FRAMES };
}

const audio = new PhoneAudio();
const results: [string, Result][] = [
  ["codec, caller -> model (base64 mu-law 8k -> base64 PCM16 24k)", measure((i) => audio.toModel(twilioPayloads[i % VARIANTS]!))],
  ["codec, model -> caller (base64 PCM16 24k -> base64 mu-law 8k)", measure((i) => toBase64(audio.toPhone(modelDeltas[i % VARIANTS]!)))],
  [
    "with JSON, caller -> model (parse + schema + convert + append message)",
    measure((i) => {
      const message = twilioStreamMessageSchema.parse(JSON.parse(twilioMessages[i % VARIANTS]!));
      if (message.event !== "media") throw new Error("unexpected message");
      return JSON.stringify({ type: "input_audio_buffer.append", audio: audio.toModel(message.media.payload) });
    }),
  ],
  [
    "with JSON, model -> caller (convert + Twilio media message)",
    measure((i) => JSON.stringify({ event: "media", streamSid, media: { payload: toBase64(audio.toPhone(modelDeltas[i % VARIANTS]!)) } })),
  ],
  [
    "passthrough (model speaks G.711), caller -> model",
    measure((i) => {
      const message = twilioStreamMessageSchema.parse(JSON.parse(twilioMessages[i % VARIANTS]!));
      if (message.event !== "media") throw new Error("unexpected message");
      return JSON.stringify({ type: "input_audio_buffer.append", audio: message.media.payload });
    }),
  ],
  ["passthrough (model speaks G.711), model -> caller", measure((i) => JSON.stringify({ event: "media", streamSid, media: { payload: mulawDeltas[i % VARIANTS]! } }))],
];

const pad = Math.max(...results.map(([name]) => name.length));
console.log(`telephony audio per ${FRAME.ms} ms frame (${FRAME.mulawBytes} mu-law bytes <-> ${FRAME.pcmSamples} PCM16 samples), ${FRAMES} frames each, one core`);
console.log(`${"".padEnd(pad)}    p50 us    p99 us  CPU us/frame  x real time`);
for (const [name, r] of results) {
  console.log(`${name.padEnd(pad)}  ${r.p50.toFixed(2).padStart(8)}  ${r.p99.toFixed(2).padStart(8)}  ${r.cpu.toFixed(2).padStart(12)}  ${Math.round(FRAME_US / r.cpu).toLocaleString("en").padStart(11)}`);
}

const codecIn = results[0]![1];
const codecOut = results[1]![1];
const productIn = results[2]![1];
const productOut = results[3]![1];
const passIn = results[4]![1];
const passOut = results[5]![1];
const both = FRAME_US / (codecIn.cpu + codecOut.cpu);
const bothProduct = FRAME_US / (productIn.cpu + productOut.cpu);
const bothPass = FRAME_US / (passIn.cpu + passOut.cpu);
console.log("");
console.log(`conversion, both directions: ${(codecIn.cpu + codecOut.cpu).toFixed(2)} us per frame = ${Math.round(both).toLocaleString("en")}x real time (target ${TARGET.toLocaleString("en")}x)`);
console.log(`with the JSON messages:      ${(productIn.cpu + productOut.cpu).toFixed(2)} us per frame = ${Math.round(bothProduct).toLocaleString("en")}x real time`);
console.log(`G.711 passthrough:           ${(passIn.cpu + passOut.cpu).toFixed(2)} us per frame = ${Math.round(bothPass).toLocaleString("en")}x real time`);
console.log(
  `converting costs ${(((productIn.cpu + productOut.cpu - passIn.cpu - passOut.cpu) / FRAME_US) * 100).toFixed(3)}% of a core per call more than passthrough; the model hears and speaks PCM16 24 kHz`,
);
const verdict = both >= TARGET;
console.log(verdict ? `verdict: PASS, ${Math.round(both).toLocaleString("en")}x >= ${TARGET.toLocaleString("en")}x real time` : `verdict: FAIL, ${Math.round(both).toLocaleString("en")}x < ${TARGET.toLocaleString("en")}x real time`);
process.exitCode = verdict ? 0 : 1;
