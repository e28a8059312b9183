import max from "libphonenumber-js/max/metadata";
import { toE164, type CountryCode } from "../../../contract/phone.ts";
import type { CallEndReason, CallErrorCode } from "../../../contract/call-socket.ts";
import type { CallerChannel, CallerEvents } from "../engine/caller-channel.ts";
import { FRAME, PhoneAudio, mulawMs, toBase64 } from "./g711.ts";
import { twilioStreamMessageSchema, type TwilioStreamCommand, type TwilioStreamMessage } from "./stream-messages.ts";
import { redirectCall, type TwilioConfig } from "./twilio-rest.ts";
import { dialTwiml, sayAndHangUpTwiml } from "./twiml.ts";

/** What the channel needs of a WebSocket: workerd's server-side socket after `accept()`. */
export interface StreamSocket {
  send(message: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close" | "error", listener: () => void): void;
}

/** The stream's `start` message: which call it is, and the `<Parameter>`s its TwiML set. */
export interface StreamStart {
  streamSid: string;
  callSid: string;
  accountSid: string;
  customParameters: Record<string, string>;
}

export interface MediaStreamOptions {
  /** Twilio's REST API, for the hand-over and for saying why a failed call ends. */
  twilio?: TwilioConfig;
  /** Twilio `<Say>` language for an error's last words (e.g. "cs-CZ"). */
  sayLanguage?: string;
  /** Country of a transfer number written without its country code (the dialled number's). */
  transferCountry?: CountryCode;
}

/**
 * The number as `<Dial><Number>` wants it, E.164: owners write the salon's transfer number
 * as they like ("+420 601 222 333", "601 222 333"). Kept as written when it does not parse.
 */
export function dialable(number: string, country?: CountryCode): string {
  return toE164(number, country, max) ?? number;
}

/** A command before the stream's sid is added to it. */
type Outgoing = TwilioStreamCommand extends infer C ? (C extends TwilioStreamCommand ? Omit<C, "streamSid"> : never) : never;

/** A chunk of the assistant's speech sent to Twilio and not yet confirmed as played. */
interface PendingMark {
  name: string;
  itemId: string;
  /** Where in the item the chunk starts and ends, in milliseconds. */
  startMs: number;
  endMs: number;
  sentAt: number;
}

/** How long past the expected end of playback `drained()` waits for Twilio's last mark. */
const DRAIN_GRACE_MS = 3000;
/** Problems logged per stream at most, so a broken peer cannot flood the logs. */
const LOG_LIMIT = 10;

/**
 * The caller on a Twilio Media Stream (`<Connect><Stream>`, bidirectional). Twilio's
 * messages are parsed before use; malformed ones are logged and ignored. The caller's audio
 * arrives as mu-law 8 kHz and goes to the session as PCM16 24 kHz; the assistant's goes out
 * in 20 ms mu-law frames, each chunk followed by a `mark`. Twilio echoes a mark once the
 * audio before it has played, which is how `heardMs` knows what the caller really heard.
 */
export class TwilioMediaStream implements CallerChannel {
  readonly kind = "phone";
  /** Resolves with the `start` message; rejects if the stream ends before it. */
  readonly started: Promise<StreamStart>;

  private start: StreamStart | undefined;
  private resolveStart!: (start: StreamStart) => void;
  private rejectStart!: (error: Error) => void;
  private readonly audio = new PhoneAudio();
  /** Commands waiting for the stream's sid (the model may speak before `start` arrives). */
  private outbox: Outgoing[] = [];
  private pending: PendingMark[] = [];
  private markCount = 0;
  /** Per item: milliseconds sent, and milliseconds confirmed heard. */
  private readonly sentMs = new Map<string, number>();
  private readonly heard = new Map<string, number>();
  /** Items cut off by a barge-in: late chunks of them are not played. */
  private readonly cleared = new Set<string>();
  /** When Twilio last confirmed a mark: the next chunk started playing then, at the latest. */
  private lastEchoAt = 0;
  private drainWaiters: (() => void)[] = [];
  private closed = false;
  private transferring = false;
  private stoppedDuringTransfer = false;
  private problems = 0;

  constructor(
    private readonly socket: StreamSocket,
    private readonly events: CallerEvents,
    private readonly options: MediaStreamOptions = {},
  ) {
    this.started = new Promise<StreamStart>((resolve, reject) => {
      this.resolveStart = resolve;
      this.rejectStart = reject;
    });
    // Whoever does not wait for the start must not see an unhandled rejection.
    this.started.catch(() => {});
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", () => this.socketClosed());
    socket.addEventListener("error", () => this.socketClosed());
  }

  get callSid(): string | undefined {
    return this.start?.callSid;
  }

  get streamSid(): string | undefined {
    return this.start?.streamSid;
  }

  get customParameters(): Record<string, string> | undefined {
    return this.start?.customParameters;
  }

  // CallerChannel

  play(itemId: string, pcm16: string) {
    if (this.closed || this.transferring || this.cleared.has(itemId)) return;
    let mulaw: Uint8Array;
    try {
      mulaw = this.audio.toPhone(pcm16);
    } catch (error) {
      return this.problem(`assistant audio could not be converted: ${String(error)}`);
    }
    if (mulaw.length === 0) return;
    for (let at = 0; at < mulaw.length; at += FRAME.mulawBytes) {
      this.send({ event: "media", media: { payload: toBase64(mulaw.subarray(at, at + FRAME.mulawBytes)) } });
    }
    const startMs = this.sentMs.get(itemId) ?? 0;
    const endMs = startMs + mulawMs(mulaw.length);
    this.sentMs.set(itemId, endMs);
    const name = `m${++this.markCount}`;
    this.pending.push({ name, itemId, startMs, endMs, sentAt: Date.now() });
    this.send({ event: "mark", mark: { name } });
  }

  heardMs(itemId: string): number {
    const confirmed = this.heard.get(itemId) ?? 0;
    const head = this.pending[0];
    if (!head || head.itemId !== itemId || !this.start) return confirmed;
    // The chunk at the head of Twilio's queue is playing: since it arrived, or since the one
    // before it finished, whichever was later; never more than its own length.
    const playing = Math.max(0, Date.now() - Math.max(head.sentAt, this.lastEchoAt));
    return Math.max(confirmed, head.startMs + Math.min(playing, head.endMs - head.startMs));
  }

  clear() {
    if (this.closed) return;
    // What was heard stays heard; everything queued behind it is dropped.
    for (const mark of this.pending) this.heard.set(mark.itemId, this.heardMs(mark.itemId));
    for (const itemId of this.sentMs.keys()) this.cleared.add(itemId);
    this.pending = [];
    this.outbox = this.outbox.filter((command) => command.event !== "media" && command.event !== "mark");
    this.audio.resetOutput();
    this.send({ event: "clear" });
    this.settleDrain();
  }

  transcript(_role: "assistant" | "user", _itemId: string, _text: string) {
    // A phone has no screen.
  }

  drained(): Promise<void> {
    if (this.pending.length === 0 || this.closed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      // Twilio confirms the last mark when its audio has played; should that confirmation
      // never come, playback is over by the time the queued audio lasts, plus a grace period.
      const head = this.pending[0]!;
      const queuedMs = this.pending.reduce((sum, mark) => sum + mark.endMs - mark.startMs, 0);
      const startedAt = Math.max(head.sentAt, this.lastEchoAt);
      const timer = setTimeout(() => finish(), Math.max(0, startedAt + queuedMs - Date.now()) + DRAIN_GRACE_MS);
      const finish = () => {
        clearTimeout(timer);
        this.drainWaiters = this.drainWaiters.filter((waiter) => waiter !== finish);
        resolve();
      };
      this.drainWaiters.push(finish);
    });
  }

  /**
   * Puts the caller through to `number`: the live call is redirected to `<Dial>` TwiML, which
   * ends this stream. The stop that follows is not reported as the caller hanging up; the
   * session ends its part with `end("handed_over")`.
   */
  async transfer(number: string): Promise<void> {
    const twilio = this.options.twilio;
    const callSid = this.start?.callSid;
    if (!twilio) throw new Error("Transfers need TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.");
    if (!callSid) throw new Error("The media stream has not started: no call to transfer.");
    if (this.closed) throw new Error("The call has ended.");
    this.transferring = true;
    try {
      const dial = dialTwiml(dialable(number, this.options.transferCountry), { answerOnBridge: true });
      await redirectCall(twilio, callSid, dial);
    } catch (error) {
      this.transferring = false;
      if (this.stoppedDuringTransfer) this.gone();
      throw error;
    }
  }

  end(reason: CallEndReason, error?: { code: CallErrorCode; message: string }) {
    if (this.closed) return;
    this.closed = true;
    this.settleDrain();
    this.rejectStart(new Error("The call ended before its media stream started."));
    const twilio = this.options.twilio;
    const callSid = this.start?.callSid;
    if (error && twilio && callSid && !this.transferring) {
      // The caller hears why, then Twilio hangs up; the stream closes once that is arranged.
      const goodbye = sayAndHangUpTwiml(error.message, { language: this.options.sayLanguage });
      void redirectCall(twilio, callSid, goodbye)
        .catch((failure: unknown) => this.problem(`the call's last words could not be sent: ${String(failure)}`))
        .finally(() => this.closeSocket(reason));
      return;
    }
    this.closeSocket(reason);
  }

  // The socket

  /** One message from Twilio. */
  private receive(data: unknown) {
    if (this.closed) return;
    if (typeof data !== "string") return this.problem("a binary message was ignored");
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return this.problem(`a message that is not JSON was ignored: ${data.slice(0, 80)}`);
    }
    const parsed = twilioStreamMessageSchema.safeParse(json);
    if (!parsed.success) return this.problem(`a malformed message was ignored: ${data.slice(0, 120)}`);
    this.handle(parsed.data);
  }

  /** The socket closed or failed. */
  private socketClosed() {
    if (this.transferring) this.stoppedDuringTransfer = true;
    else this.gone();
  }

  private handle(message: TwilioStreamMessage) {
    switch (message.event) {
      case "connected":
        return;
      case "start": {
        if (this.start) return this.problem("a second start message was ignored");
        const { streamSid, callSid, accountSid, customParameters, mediaFormat } = message.start;
        if (mediaFormat && (mediaFormat.encoding !== "audio/x-mulaw" || mediaFormat.sampleRate !== 8000)) {
          this.problem(`unexpected media format ${mediaFormat.encoding} at ${mediaFormat.sampleRate} Hz`);
        }
        this.start = { streamSid, callSid, accountSid, customParameters };
        for (const command of this.outbox.splice(0)) this.send(command);
        // Chunks queued before the start go out now; they start playing from here.
        const now = Date.now();
        for (const mark of this.pending) mark.sentAt = now;
        this.resolveStart(this.start);
        return;
      }
      case "media": {
        if (!this.isOurs(message.streamSid)) return;
        if (message.media.track !== undefined && message.media.track !== "inbound") return;
        let pcm16: string;
        try {
          pcm16 = this.audio.toModel(message.media.payload);
        } catch (error) {
          return this.problem(`caller audio could not be converted: ${String(error)}`);
        }
        if (pcm16.length > 0) this.events.audio(pcm16);
        return;
      }
      case "mark":
        if (this.isOurs(message.streamSid)) this.confirmed(message.mark.name);
        return;
      // The assistant listens; key presses mean nothing to it.
      case "dtmf":
        return;
      case "stop":
        if (this.isOurs(message.streamSid)) this.socketClosed();
        return;
    }
  }

  private isOurs(streamSid: string): boolean {
    if (this.start?.streamSid === streamSid) return true;
    this.problem(`a message for stream ${streamSid} was ignored`);
    return false;
  }

  /** Twilio played everything up to this mark. Marks from before a clear are unknown and ignored. */
  private confirmed(name: string) {
    const index = this.pending.findIndex((mark) => mark.name === name);
    if (index === -1) return;
    for (const mark of this.pending.splice(0, index + 1)) this.heard.set(mark.itemId, mark.endMs);
    this.lastEchoAt = Date.now();
    if (this.pending.length === 0) this.settleDrain();
  }

  private settleDrain() {
    for (const finish of this.drainWaiters.splice(0)) finish();
  }

  private send(command: Outgoing) {
    if (this.closed) return;
    if (!this.start) {
      this.outbox.push(command);
      return;
    }
    try {
      this.socket.send(JSON.stringify({ ...command, streamSid: this.start.streamSid }));
    } catch {
      this.socketClosed();
    }
  }

  private closeSocket(reason: CallEndReason) {
    try {
      this.socket.close(1000, reason);
    } catch {
      /* already closing */
    }
  }

  /** The caller is gone: reported once, unless the session itself ended the call. */
  private gone() {
    if (this.closed) return;
    this.closed = true;
    this.settleDrain();
    this.rejectStart(new Error("The media stream ended before it started."));
    this.events.hungUp();
  }

  private problem(message: string) {
    if (++this.problems > LOG_LIMIT) return;
    console.warn(`twilio media stream: ${message}`);
  }
}
