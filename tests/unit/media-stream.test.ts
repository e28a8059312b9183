import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeTwilioRest, type FakeTwilioRest } from "../fakes/twilio-rest.ts";
import { mulawEncode, pcm16FromBase64, pcm16ToBase64, toBase64 } from "../../worker/calls/telephony/g711.ts";
import { dialable, TwilioMediaStream, type MediaStreamOptions, type StreamSocket } from "../../worker/calls/telephony/media-stream.ts";

/** A WebSocket stand-in: what the channel sends, and a way to deliver Twilio's messages. */
class FakeSocket implements StreamSocket {
  sent: Record<string, unknown>[] = [];
  closedWith: [number | undefined, string | undefined] | null = null;
  failSends = false;
  private listeners: Record<string, ((event: { data: unknown }) => void)[]> = {};

  send(message: string) {
    if (this.failSends) throw new Error("socket closed");
    this.sent.push(JSON.parse(message) as Record<string, unknown>);
  }
  close(code?: number, reason?: string) {
    this.closedWith = [code, reason];
  }
  addEventListener(type: string, listener: (event: { data: unknown }) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  emit(type: "message" | "close" | "error", data?: unknown) {
    for (const listener of this.listeners[type] ?? []) listener({ data });
  }
  twilio(message: unknown) {
    this.emit("message", JSON.stringify(message));
  }
  /** The messages sent so far (of one event, if given); forgets them all. */
  take(event?: string) {
    const taken = this.sent.filter((m) => !event || m.event === event);
    this.sent = [];
    return taken;
  }
}

const STREAM = "MZ00000000000000000000000000000001";
const CALL = "CA00000000000000000000000000000001";
const ACCOUNT = "AC00000000000000000000000000000001";
const connected = { event: "connected", protocol: "Call", version: "1.0.0" };
const start = (customParameters: Record<string, string> = { callId: "call-1" }) => ({
  event: "start",
  sequenceNumber: "1",
  start: {
    accountSid: ACCOUNT,
    streamSid: STREAM,
    callSid: CALL,
    tracks: ["inbound"],
    mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
    customParameters,
  },
  streamSid: STREAM,
});
const media = (payload: string, sequence = 2) => ({
  event: "media",
  sequenceNumber: String(sequence),
  media: { track: "inbound", chunk: String(sequence - 1), timestamp: String((sequence - 2) * 20), payload },
  streamSid: STREAM,
});
const mark = (name: string) => ({ event: "mark", sequenceNumber: "9", streamSid: STREAM, mark: { name } });
const stop = { event: "stop", sequenceNumber: "99", streamSid: STREAM, stop: { accountSid: ACCOUNT, callSid: CALL } };

/** `ms` milliseconds of the assistant's voice, base64 PCM16 at 24 kHz. */
const speech = (ms: number) => pcm16ToBase64(Int16Array.from({ length: ms * 24 }, (_, i) => Math.round(6000 * Math.sin(i / 7))));

afterEach(() => void vi.restoreAllMocks());

/** A channel on a fake socket; its clock stands still unless moved, or runs with (fake) timers when `ownClock` is false. */
function setup(options: MediaStreamOptions = {}, { ownClock = true } = {}) {
  const socket = new FakeSocket();
  const heard: string[] = [];
  let hungUp = 0;
  let clock = 1_000_000;
  const logs: string[] = [];
  if (ownClock) vi.spyOn(Date, "now").mockImplementation(() => clock);
  vi.spyOn(console, "warn").mockImplementation((message: string) => void logs.push(message));
  const channel = new TwilioMediaStream(socket, { audio: (pcm) => heard.push(pcm), hungUp: () => void hungUp++ }, options);
  return {
    socket,
    channel,
    heard,
    logs,
    hungUps: () => hungUp,
    advance: (ms: number) => void (clock += ms),
  };
}

describe("Twilio media stream channel", () => {
  it("tells who created it the call and the stream's custom parameters", async () => {
    const { socket, channel } = setup();
    expect(channel.kind).toBe("phone");
    expect(channel.callSid).toBeUndefined();
    socket.twilio(connected);
    socket.twilio(start({ callId: "c-42", salonId: "s-1" }));
    await expect(channel.started).resolves.toEqual({ streamSid: STREAM, callSid: CALL, accountSid: ACCOUNT, customParameters: { callId: "c-42", salonId: "s-1" } });
    expect(channel.callSid).toBe(CALL);
    expect(channel.streamSid).toBe(STREAM);
    expect(channel.customParameters).toEqual({ callId: "c-42", salonId: "s-1" });
  });

  it("turns the caller's 20 ms mu-law frames into 480 samples of PCM16 24 kHz each", () => {
    const { socket, heard } = setup();
    socket.twilio(connected);
    socket.twilio(start());
    const frame = toBase64(mulawEncode(Int16Array.from({ length: 160 }, (_, i) => Math.round(4000 * Math.sin(i / 3)))));
    socket.twilio(media(frame, 2));
    socket.twilio(media(frame, 3));
    expect(heard).toHaveLength(2);
    expect(pcm16FromBase64(heard[0]!)).toHaveLength(480);
    // The outbound track, if Twilio ever sent it, is not the caller.
    socket.twilio({ ...media(frame, 4), media: { track: "outbound", chunk: "3", timestamp: "40", payload: frame } });
    expect(heard).toHaveLength(2);
  });

  it("ignores and logs malformed messages without failing", () => {
    const { socket, channel, heard, logs, hungUps } = setup();
    socket.twilio(start());
    socket.emit("message", "not json");
    socket.emit("message", new ArrayBuffer(4));
    socket.twilio({ event: "media", streamSid: STREAM });
    socket.twilio({ event: "media", streamSid: STREAM, media: { payload: 42 } });
    socket.twilio({ event: "teleport", streamSid: STREAM });
    socket.twilio({ event: "mark", streamSid: STREAM });
    socket.twilio(null);
    socket.twilio({ ...media("//79"), streamSid: "MZ-someone-else" });
    socket.twilio(start());
    expect(heard).toEqual([]);
    expect(hungUps()).toBe(0);
    expect(logs.length).toBe(9);
    // The channel still works.
    channel.play("item-1", speech(20));
    expect(socket.take("media")).toHaveLength(1);
  });

  it("sends the assistant's audio in 20 ms mu-law frames with the streamSid, then a mark", () => {
    const { socket, channel } = setup();
    socket.twilio(start());
    channel.play("item-1", speech(50));
    const sent = socket.take();
    expect(sent.map((m) => m.event)).toEqual(["media", "media", "media", "mark"]);
    const payloads = sent.slice(0, 3).map((m) => Buffer.from((m.media as { payload: string }).payload, "base64").length);
    expect(payloads).toEqual([160, 160, 80]);
    for (const message of sent) expect(message.streamSid).toBe(STREAM);
    expect(sent[3]).toEqual({ event: "mark", streamSid: STREAM, mark: { name: expect.any(String) } });
  });

  it("holds audio the model speaks before the stream starts, and sends it on start", () => {
    const { socket, channel } = setup();
    channel.play("greeting", speech(40));
    expect(socket.sent).toEqual([]);
    socket.twilio(connected);
    socket.twilio(start());
    expect(socket.take().map((m) => [m.event, m.streamSid])).toEqual([
      ["media", STREAM],
      ["media", STREAM],
      ["mark", STREAM],
    ]);
  });

  it("knows what the caller heard from the marks Twilio echoes, and between them by the clock", () => {
    const { socket, channel, advance } = setup();
    socket.twilio(start());
    channel.play("item-1", speech(100));
    channel.play("item-1", speech(100));
    channel.play("item-2", speech(60));
    const [first, second, third] = socket.take("mark").map((m) => (m.mark as { name: string }).name);
    expect(channel.heardMs("item-1")).toBe(0);
    advance(40);
    expect(channel.heardMs("item-1")).toBe(40);
    advance(500); // no echo yet: at most the first chunk
    expect(channel.heardMs("item-1")).toBe(100);
    socket.twilio(mark(first!));
    expect(channel.heardMs("item-1")).toBe(100);
    advance(30);
    expect(channel.heardMs("item-1")).toBe(130);
    socket.twilio(mark(second!));
    expect(channel.heardMs("item-1")).toBe(200);
    expect(channel.heardMs("item-2")).toBe(0);
    advance(10);
    expect(channel.heardMs("item-2")).toBe(10);
    socket.twilio(mark(third!));
    expect(channel.heardMs("item-2")).toBe(60);
    expect(channel.heardMs("unknown")).toBe(0);
  });

  it("clears on barge-in: sends clear, forgets pending marks, keeps what was heard, drops late chunks of that item", async () => {
    const { socket, channel, advance } = setup();
    socket.twilio(start());
    channel.play("item-1", speech(200));
    channel.play("item-1", speech(200));
    const names = socket.take("mark").map((m) => (m.mark as { name: string }).name);
    advance(120);
    const drained = channel.drained();
    expect(channel.heardMs("item-1")).toBe(120);
    channel.clear();
    expect(socket.take()).toEqual([{ event: "clear", streamSid: STREAM }]);
    await drained; // nothing is queued any more
    expect(channel.heardMs("item-1")).toBe(120);
    // Twilio echoes the marks it dropped; they change nothing.
    for (const name of names) socket.twilio(mark(name));
    expect(channel.heardMs("item-1")).toBe(120);
    // The model's last chunk of the interrupted item, still in flight, is not played.
    channel.play("item-1", speech(100));
    expect(socket.take()).toEqual([]);
    channel.play("item-2", speech(20));
    expect(socket.take().map((m) => m.event)).toEqual(["media", "mark"]);
  });

  it("resolves drained() when the last mark comes back, at once when nothing is queued", async () => {
    const { socket, channel } = setup();
    socket.twilio(start());
    await channel.drained();
    channel.play("item-1", speech(40));
    channel.play("item-1", speech(40));
    const [first, last] = socket.take("mark").map((m) => (m.mark as { name: string }).name);
    let done = false;
    const drained = channel.drained().then(() => void (done = true));
    socket.twilio(mark(first!));
    await Promise.resolve();
    expect(done).toBe(false);
    socket.twilio(mark(last!));
    await drained;
    expect(done).toBe(true);
  });

  it("stops waiting for a mark that never comes once the audio must have played", async () => {
    vi.useFakeTimers();
    try {
      const { socket, channel } = setup({}, { ownClock: false });
      socket.twilio(start());
      channel.play("item-1", speech(1000));
      let done = false;
      void channel.drained().then(() => void (done = true));
      await vi.advanceTimersByTimeAsync(3500);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1000);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports the caller gone on stop or on the socket closing, once", () => {
    const a = setup();
    a.socket.twilio(start());
    a.socket.twilio(stop);
    a.socket.emit("close");
    expect(a.hungUps()).toBe(1);

    const b = setup();
    b.socket.twilio(start());
    b.socket.emit("error");
    b.socket.emit("close");
    expect(b.hungUps()).toBe(1);
    // After the caller is gone nothing more is sent.
    b.channel.play("item-1", speech(20));
    expect(b.socket.take()).toEqual([]);
  });

  it("rejects `started` when the stream ends before its start", async () => {
    const { socket, channel, hungUps } = setup();
    socket.emit("close");
    await expect(channel.started).rejects.toThrow(/before it started/);
    expect(hungUps()).toBe(1);
  });

  it("ends by closing the socket, without reporting a hang-up", () => {
    const { socket, channel, hungUps } = setup();
    socket.twilio(start());
    channel.end("assistant_ended");
    expect(socket.closedWith).toEqual([1000, "assistant_ended"]);
    socket.emit("close");
    expect(hungUps()).toBe(0);
    channel.end("error");
    expect(socket.closedWith).toEqual([1000, "assistant_ended"]);
  });
});

describe("Twilio media stream channel and the REST API", () => {
  let fake: FakeTwilioRest;
  beforeAll(async () => {
    fake = await startFakeTwilioRest();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.addCall(CALL);
  });
  const twilio = () => ({ accountSid: fake.accountSid, authToken: fake.authToken, baseUrl: fake.url });

  it("hands the call over: redirects it to <Dial> the number, and the stop that follows is no hang-up", async () => {
    const { socket, channel, hungUps } = setup({ twilio: twilio() });
    socket.twilio(start());
    await channel.transfer("+420222333444");
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: "POST", path: `/2010-04-01/Accounts/${fake.accountSid}/Calls/${CALL}.json` });
    expect(fake.requests[0]!.form.Twiml).toContain("<Dial answerOnBridge=\"true\"><Number>+420222333444</Number></Dial>");
    expect(fake.calls.get(CALL)?.dialled).toBe("+420222333444");
    socket.twilio(stop);
    socket.emit("close");
    expect(hungUps()).toBe(0);
    channel.end("handed_over");
    expect(socket.closedWith).toEqual([1000, "handed_over"]);
  });

  it("dials the transfer number in E.164 however the owner wrote it", async () => {
    for (const [written, country] of [["+420 601 222 333", undefined], ["601 222 333", "CZ"], ["(+420) 601-222-333", "DE"]] as const) {
      fake.requests.length = 0;
      const { socket, channel } = setup({ twilio: twilio(), transferCountry: country });
      socket.twilio(start());
      await channel.transfer(written);
      expect(fake.calls.get(CALL)?.dialled).toBe("+420601222333");
    }
    // What does not read as a number is dialled as written, and Twilio decides.
    expect(dialable("reception")).toBe("reception");
  });

  it("fails a hand-over Twilio refuses, and reports a caller who left meanwhile", async () => {
    fake.addCall(CALL, { status: "completed" });
    const { socket, channel, hungUps } = setup({ twilio: twilio() });
    socket.twilio(start());
    const transfer = channel.transfer("+420222333444");
    socket.twilio(stop);
    expect(hungUps()).toBe(0);
    await expect(transfer).rejects.toMatchObject({ status: 400, code: 21220 });
    expect(hungUps()).toBe(1);
  });

  it("cannot hand over without Twilio's credentials or before the stream started", async () => {
    const a = setup();
    a.socket.twilio(start());
    await expect(a.channel.transfer("+420222333444")).rejects.toThrow(/TWILIO_ACCOUNT_SID/);
    const b = setup({ twilio: twilio() });
    await expect(b.channel.transfer("+420222333444")).rejects.toThrow(/not started/);
    expect(fake.requests).toHaveLength(0);
  });

  it("says why a failed call ends, then hangs up", async () => {
    const { socket, channel } = setup({ twilio: twilio(), sayLanguage: "de-DE" });
    socket.twilio(start());
    channel.end("error", { code: "model_unavailable", message: "Die Verbindung ist abgebrochen." });
    await vi.waitFor(() => expect(socket.closedWith).toEqual([1000, "error"]));
    expect(fake.requests[0]!.form.Twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="de-DE">Die Verbindung ist abgebrochen.</Say><Hangup/></Response>',
    );
  });
});
