import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocketServer } from "ws";
import { FakeTwilioCall } from "../fakes/twilio-media-stream.ts";
import { startFakeTwilioRest, type FakeTwilioRest } from "../fakes/twilio-rest.ts";
import { PhoneAudio, mulawEncode, pcm16FromBase64, pcm16ToBase64 } from "../../worker/calls/telephony/g711.ts";
import { TwilioMediaStream, type StreamSocket } from "../../worker/calls/telephony/media-stream.ts";

// The channel on a real WebSocket, against the scripted Twilio side and the REST fake. Both
// clocks are driven by the test, so what the caller heard is exact.

let server: WebSocketServer;
let url: string;
let rest: FakeTwilioRest;
let clock = 0;
let connected: (channel: ServerSide) => void = () => {};

interface ServerSide {
  channel: TwilioMediaStream;
  audio: string[];
  hungUp: number;
  /** Messages the channel has handled. */
  handled: number;
}

beforeAll(async () => {
  // The channel's clock is the test's: it moves only as the fake call plays.
  vi.spyOn(Date, "now").mockImplementation(() => clock);
  rest = await startFakeTwilioRest();
  server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/telephony/twilio/stream/call-1`;
  server.on("connection", (socket) => {
    const side: ServerSide = { channel: undefined as unknown as TwilioMediaStream, audio: [], hungUp: 0, handled: 0 };
    side.channel = new TwilioMediaStream(
      socket as unknown as StreamSocket,
      { audio: (pcm) => side.audio.push(pcm), hungUp: () => void side.hungUp++ },
      { twilio: { accountSid: rest.accountSid, authToken: rest.authToken, baseUrl: rest.url } },
    );
    // Registered after the channel's own listener, so it counts messages already handled.
    socket.addEventListener("message", () => void side.handled++);
    connected(side);
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  server.close();
  await rest.close();
});

/** Connects a fake Twilio call and returns both ends; `beforeStart` runs on the server side first. */
async function call(beforeStart: (side: ServerSide) => void = () => {}) {
  const sideReady = new Promise<ServerSide>((resolve) => {
    connected = (side) => {
      beforeStart(side);
      resolve(side);
    };
  });
  const twilio = await FakeTwilioCall.connect({ url, clock: "manual", customParameters: { callId: "call-1" } });
  const side = await sideReady;
  await side.channel.started;
  rest.addCall(twilio.callSid);
  return { twilio, side };
}

/** Plays `ms` on both clocks, in steps; each echoed mark reaches the channel before time moves on, as from Twilio. */
async function playFor(twilio: FakeTwilioCall, side: ServerSide, ms: number, step = 20) {
  for (let done = 0; done < ms; done += step) {
    clock += step;
    twilio.advance(step);
    await handled(twilio, side);
  }
}

/** Waits until the channel has handled everything the Twilio side sent. */
async function handled(twilio: FakeTwilioCall, side: ServerSide) {
  for (let waited = 0; side.handled < twilio.sent.length; waited++) {
    if (waited > 500) throw new Error("the channel did not get Twilio's messages");
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** `ms` of a tone, base64 PCM16 24 kHz, starting at sample `offset`. */
const tone = (ms: number, offset = 0) =>
  pcm16ToBase64(Int16Array.from({ length: ms * 24 }, (_, i) => Math.round(5000 * Math.sin((2 * Math.PI * 330 * (offset + i)) / 24_000))));

describe("a phone call over a real socket", () => {
  it("plays the greeting spoken before the stream started, and the caller hears every byte of it", async () => {
    const greeting = [tone(120), tone(180, 120 * 24)];
    const { twilio, side } = await call((s) => greeting.forEach((chunk) => s.channel.play("greeting", chunk)));
    expect(side.channel.customParameters).toEqual({ callId: "call-1" });
    expect(side.channel.callSid).toBe(twilio.callSid);

    await twilio.waitFor(() => twilio.queuedMs >= 300);
    let drained = false;
    const waiting = side.channel.drained().then(() => void (drained = true));
    await playFor(twilio, side, 280);
    expect(drained).toBe(false);
    expect(side.channel.heardMs("greeting")).toBe(280);
    await playFor(twilio, side, 20);
    await waiting;
    expect(side.channel.heardMs("greeting")).toBe(300);

    // Exactly the converted audio, in order, nothing more.
    const expected = new PhoneAudio();
    expect(twilio.heard).toEqual([...greeting.flatMap((chunk) => [...expected.toPhone(chunk)])]);
    for (const message of twilio.received) expect(message.streamSid).toBe(twilio.streamSid);
    twilio.hangUp();
    await twilio.waitFor(() => side.hungUp === 1);
  });

  it("passes the caller's voice on as PCM16 24 kHz, 480 samples per 20 ms frame", async () => {
    const { twilio, side } = await call();
    const voice = mulawEncode(Int16Array.from({ length: 1600 }, (_, i) => Math.round(7000 * Math.sin(i / 5))));
    await twilio.say(voice);
    await twilio.waitFor(() => side.audio.length === 10);
    expect(side.audio.map((pcm) => pcm16FromBase64(pcm).length)).toEqual(Array(10).fill(480));
    const expected = new PhoneAudio();
    const frames = Array.from({ length: 10 }, (_, i) => expected.toModel(Buffer.from(voice.subarray(i * 160, (i + 1) * 160)).toString("base64")));
    expect(side.audio).toEqual(frames);
    twilio.hangUp();
    await twilio.waitFor(() => side.hungUp === 1);
    expect(side.hungUp).toBe(1);
  });

  it("barge-in: the caller heard 250 ms, the channel says so, Twilio is cleared and the rest never plays", async () => {
    const { twilio, side } = await call();
    for (let i = 0; i < 5; i++) side.channel.play("answer", tone(200, i * 4800));
    await twilio.waitFor(() => twilio.queuedMs >= 1000);
    await playFor(twilio, side, 250, 10);
    expect(twilio.heardMs).toBe(250);
    expect(side.channel.heardMs("answer")).toBe(250);

    side.channel.clear();
    await twilio.waitFor(() => twilio.clears === 1);
    expect(twilio.queuedMs).toBe(0);
    // Twilio echoes the four marks it dropped; they do not count as heard.
    await twilio.waitFor(() => twilio.echoedMarks.length === 5);
    await handled(twilio, side);
    expect(side.channel.heardMs("answer")).toBe(250);
    await side.channel.drained();
    // A late chunk of the interrupted answer is not played.
    side.channel.play("answer", tone(100));
    await playFor(twilio, side, 100);
    expect(twilio.heardMs).toBe(250);
    twilio.hangUp();
  });

  it("hands over: the hand-off line plays out, then the call is redirected to <Dial> and the stream's end is no hang-up", async () => {
    const { twilio, side } = await call();
    side.channel.play("handoff", tone(400));
    await twilio.waitFor(() => twilio.queuedMs >= 400);
    const handOver = (async () => {
      await side.channel.drained();
      await side.channel.transfer!("+420222333444");
    })();
    await playFor(twilio, side, 400);
    await handOver;
    expect(twilio.heardMs).toBe(400);
    expect(rest.calls.get(twilio.callSid)?.dialled).toBe("+420222333444");
    expect(rest.requests.at(-1)?.form.Twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Dial answerOnBridge="true"><Number>+420222333444</Number></Dial></Response>',
    );
    // Twilio leaves <Connect> for <Dial>: the stream stops.
    twilio.hangUp();
    await handled(twilio, side);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(side.hungUp).toBe(0);
    side.channel.end("handed_over");
  });

  it("ends the call from the product's side by closing the stream", async () => {
    const { twilio, side } = await call();
    side.channel.end("assistant_ended");
    await twilio.waitFor(() => twilio.closedWith !== null);
    expect(twilio.closedWith).toEqual({ code: 1000, reason: "assistant_ended" });
    expect(side.hungUp).toBe(0);
  });

  it("shrugs off garbage on the socket", async () => {
    const { twilio, side } = await call();
    const warn = console.warn;
    console.warn = () => {};
    try {
      twilio.sendRaw("{");
      twilio.sendRaw(JSON.stringify({ event: "media", streamSid: twilio.streamSid, media: {} }));
      twilio.press("5");
      await twilio.silence(40);
      await twilio.waitFor(() => side.audio.length === 2);
    } finally {
      console.warn = warn;
    }
    expect(side.hungUp).toBe(0);
    twilio.hangUp();
  });
});
