import WebSocket from "ws";

/**
 * A scripted stand-in for Twilio's side of a bidirectional Media Stream (`<Connect><Stream>`):
 * it connects to the product's stream URL, sends `connected` and `start`, speaks for the
 * caller in 20 ms mu-law `media` frames, and plays what it receives the way Twilio does:
 * audio in order at 8 kHz, each `mark` echoed once the audio before it has played, `clear`
 * dropping the queued audio and echoing the marks behind it.
 *
 * Playback runs on a timer (`speed` times real time) or, with `clock: "manual"`, only when
 * the test calls `advance(ms)`, so a test can say exactly how much the caller has heard.
 */
export interface FakeTwilioCallOptions {
  /** The stream's ws:// URL. */
  url: string;
  /** Headers of the WebSocket handshake (Twilio signs it with X-Twilio-Signature). */
  headers?: Record<string, string>;
  accountSid?: string;
  callSid?: string;
  streamSid?: string;
  /** The `<Parameter>`s of the stream's TwiML, echoed in `start.customParameters`. */
  customParameters?: Record<string, string>;
  /** "timer" (default) plays by itself; "manual" plays on `advance`. */
  clock?: "timer" | "manual";
  /** Playback speed for the timer clock: 1 is real time. */
  speed?: number;
  /** Send `connected` and `start` at once (default), or leave it to `begin()`. */
  begin?: boolean;
}

type Queued = { audio: Uint8Array } | { mark: string };

const FRAME_BYTES = 160; // 20 ms at 8 kHz
const MULAW_SILENCE = 0xff;

let calls = 0;
const sid = (prefix: string) => `${prefix}${(++calls).toString(16).padStart(32, "0")}`;

export class FakeTwilioCall {
  readonly accountSid: string;
  readonly callSid: string;
  readonly streamSid: string;
  /** Every message the product sent, parsed. */
  readonly received: Record<string, unknown>[] = [];
  /** Messages Twilio's side sent, parsed. */
  readonly sent: Record<string, unknown>[] = [];
  /** The mu-law audio the caller has heard, in order. */
  readonly heard: number[] = [];
  /** Marks echoed back, in order (after a clear too, as Twilio does). */
  readonly echoedMarks: string[] = [];
  clears = 0;
  /** How the product closed the socket, once it has. */
  closedWith: { code: number; reason: string } | null = null;

  private readonly socket: WebSocket;
  private readonly queue: Queued[] = [];
  private sequence = 0;
  private chunk = 0;
  private sentMs = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly waiters: (() => void)[] = [];

  private constructor(
    socket: WebSocket,
    private readonly options: FakeTwilioCallOptions,
  ) {
    this.socket = socket;
    this.accountSid = options.accountSid ?? "AC" + "0".repeat(31) + "1";
    this.callSid = options.callSid ?? sid("CA");
    this.streamSid = options.streamSid ?? sid("MZ");
    socket.on("message", (data, isBinary) => {
      if (isBinary) return;
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      this.received.push(message);
      this.onCommand(message);
      this.notify();
    });
    socket.on("close", (code, reason) => {
      this.closedWith = { code, reason: reason.toString() };
      this.stopTimer();
      this.notify();
    });
  }

  /** Opens the stream as Twilio does when the call reaches `<Connect><Stream>`. */
  static async connect(options: FakeTwilioCallOptions): Promise<FakeTwilioCall> {
    const socket = new WebSocket(options.url, { headers: options.headers });
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
      socket.once("unexpected-response", (_request, response) => reject(new Error(`the stream was refused with ${response.statusCode}`)));
    });
    const call = new FakeTwilioCall(socket, options);
    if (options.begin !== false) call.begin();
    return call;
  }

  /** `connected`, then `start` with the call's sids and custom parameters; starts playback. */
  begin() {
    this.send({ event: "connected", protocol: "Call", version: "1.0.0" });
    this.send({
      event: "start",
      sequenceNumber: String(++this.sequence),
      start: {
        accountSid: this.accountSid,
        streamSid: this.streamSid,
        callSid: this.callSid,
        tracks: ["inbound"],
        mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
        customParameters: this.options.customParameters ?? {},
      },
      streamSid: this.streamSid,
    });
    if (this.options.clock !== "manual") {
      const tick = 20 / (this.options.speed ?? 1);
      this.timer = setInterval(() => this.play(FRAME_BYTES), tick);
    }
  }

  /** The caller speaks: mu-law bytes sent as 20 ms `media` frames (paced by `frameGapMs`, default none). */
  async say(mulaw: Uint8Array, frameGapMs = 0) {
    for (let at = 0; at < mulaw.length; at += FRAME_BYTES) {
      const frame = mulaw.subarray(at, at + FRAME_BYTES);
      this.send({
        event: "media",
        sequenceNumber: String(++this.sequence),
        media: { track: "inbound", chunk: String(++this.chunk), timestamp: String(this.sentMs), payload: Buffer.from(frame).toString("base64") },
        streamSid: this.streamSid,
      });
      this.sentMs += frame.length / 8;
      if (frameGapMs > 0) await new Promise((resolve) => setTimeout(resolve, frameGapMs));
    }
  }

  /** `ms` of silence from the caller. */
  silence(ms: number, frameGapMs = 0) {
    return this.say(new Uint8Array(ms * 8).fill(MULAW_SILENCE), frameGapMs);
  }

  /** The caller presses a key. */
  press(digit: string) {
    this.send({ event: "dtmf", streamSid: this.streamSid, sequenceNumber: String(++this.sequence), dtmf: { track: "inbound_track", digit } });
  }

  /** Manual clock: plays `ms` of the queued audio (silence when nothing is queued), echoing marks as they are reached. */
  advance(ms: number) {
    this.play(Math.round(ms * 8));
  }

  /** Milliseconds of the product's audio the caller has heard. */
  get heardMs(): number {
    return this.heard.length / 8;
  }

  /** Milliseconds of the product's audio waiting to be played. */
  get queuedMs(): number {
    return this.queue.reduce((sum, entry) => sum + ("audio" in entry ? entry.audio.length : 0), 0) / 8;
  }

  /** The caller hangs up: Twilio sends `stop` and closes the socket. */
  hangUp() {
    this.send({ event: "stop", sequenceNumber: String(++this.sequence), streamSid: this.streamSid, stop: { accountSid: this.accountSid, callSid: this.callSid } });
    this.stopTimer();
    this.socket.close(1000);
  }

  /** Waits until `condition()` holds, checking after every message; fails after `timeoutMs`. */
  async waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("the fake Twilio call waited in vain");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Sends a raw message, as a test of malformed input may want. */
  sendRaw(text: string) {
    this.socket.send(text);
  }

  private send(message: Record<string, unknown>) {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.sent.push(message);
    this.socket.send(JSON.stringify(message));
  }

  private onCommand(message: Record<string, unknown>) {
    if (message.streamSid !== this.streamSid) return;
    if (message.event === "media") {
      const payload = (message.media as { payload?: unknown } | undefined)?.payload;
      if (typeof payload === "string") this.queue.push({ audio: new Uint8Array(Buffer.from(payload, "base64")) });
    } else if (message.event === "mark") {
      const name = (message.mark as { name?: unknown } | undefined)?.name;
      if (typeof name === "string") this.queue.push({ mark: name });
      this.play(0); // a mark behind no audio comes straight back
    } else if (message.event === "clear") {
      this.clears++;
      const marks = this.queue.filter((entry): entry is { mark: string } => "mark" in entry);
      this.queue.length = 0;
      for (const { mark } of marks) this.echo(mark);
    }
  }

  /** Plays up to `bytes` of queued audio; marks reached on the way are echoed. */
  private play(bytes: number) {
    let left = bytes;
    while (this.queue.length > 0) {
      const head = this.queue[0]!;
      if ("mark" in head) {
        this.queue.shift();
        this.echo(head.mark);
        continue;
      }
      if (left === 0) break;
      const take = Math.min(left, head.audio.length);
      for (let i = 0; i < take; i++) this.heard.push(head.audio[i]!);
      left -= take;
      if (take === head.audio.length) this.queue.shift();
      else this.queue[0] = { audio: head.audio.subarray(take) };
    }
    this.notify();
  }

  private echo(name: string) {
    this.echoedMarks.push(name);
    this.send({ event: "mark", sequenceNumber: String(++this.sequence), streamSid: this.streamSid, mark: { name } });
  }

  private notify() {
    for (const wake of this.waiters.splice(0)) wake();
  }

  private stopTimer() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
