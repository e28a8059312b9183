import { CALL_LIMITS, type CallEndReason, type CallErrorCode, type ServerMessage } from "../../../contract/call-socket.ts";
import { clientMessageSchema } from "../../../contract/call-socket-schema.ts";
import { z } from "zod/mini";
import { audioMs, type CallerChannel, type CallerEvents } from "../engine/caller-channel.ts";

/** What the channel needs of workerd's WebSocket (so it can be tested without one). */
export interface CallSocket {
  send(message: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "message", listener: (event: { data: string | ArrayBuffer }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number }) => void): void;
  addEventListener(type: "error", listener: () => void): void;
}

interface Playback {
  /** When the first chunk went out: the browser plays chunks back to back from then. */
  startedAt: number;
  sentMs: number;
  /** The browser's last report of how much of the item it has played, and when it came. */
  played?: { ms: number; at: number };
}

/**
 * The browser call's socket (the home page demo and the dashboard's test call). The page's
 * playback clock reports several times a second how much of each item it has played; what
 * was heard is that figure plus the time since, never more than was sent. Until a page has
 * reported (a page from before reports existed never does), it is estimated: audio plays
 * gaplessly from an item's first chunk, so at most the time since then.
 */
export class BrowserChannel implements CallerChannel {
  readonly kind = "browser";
  private readonly playback = new Map<string, Playback>();
  private lastItem: string | null = null;
  /** Whether the page reports its playback; then an item it has not reported has not begun. */
  private reporting = false;
  private closed = false;

  constructor(
    private readonly socket: CallSocket,
    private readonly events: CallerEvents,
    private readonly now: () => number = Date.now,
  ) {
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => {
      // Completes the closing handshake the caller began.
      try {
        socket.close(event.code === 1005 ? 1000 : event.code, "bye");
      } catch {
        /* already closed */
      }
      this.gone();
    });
    socket.addEventListener("error", () => this.gone());
  }

  play(itemId: string, pcm16: string) {
    let playback = this.playback.get(itemId);
    if (!playback) {
      // A new item starts after the previous one has finished playing.
      const previous = this.lastItem ? this.playback.get(this.lastItem) : undefined;
      const startedAt = Math.max(this.now(), previous ? previous.startedAt + previous.sentMs : 0);
      playback = { startedAt, sentMs: 0 };
      this.playback.set(itemId, playback);
      this.lastItem = itemId;
    }
    playback.sentMs += audioMs(pcm16);
    this.send({ type: "audio", data: pcm16, item_id: itemId });
  }

  heardMs(itemId: string): number {
    const playback = this.playback.get(itemId);
    if (!playback) return 0;
    if (!this.reporting) return Math.round(Math.min(playback.sentMs, Math.max(0, this.now() - playback.startedAt)));
    if (!playback.played) return 0;
    return Math.round(Math.min(playback.sentMs, playback.played.ms + this.now() - playback.played.at));
  }

  clear() {
    // What was queued is dropped: each item now ends where the caller stopped hearing it.
    for (const [itemId, playback] of this.playback) playback.sentMs = this.heardMs(itemId);
    this.send({ type: "clear_audio" });
  }

  transcript(role: "assistant" | "user", itemId: string, text: string) {
    this.send({ type: "text", data: text, role, item_id: itemId });
  }

  drained(): Promise<void> {
    const last = this.lastItem ? this.playback.get(this.lastItem) : undefined;
    const left = last ? last.startedAt + last.sentMs - this.now() : 0;
    return left > 0 ? new Promise((resolve) => setTimeout(resolve, left)) : Promise.resolve();
  }

  end(reason: CallEndReason, error?: { code: CallErrorCode; message: string }) {
    if (this.closed) return;
    if (error) this.send({ type: "error", ...error });
    this.closed = true;
    try {
      this.socket.close(error ? (error.code === "internal" || error.code === "model_unavailable" ? 1011 : 1008) : 1000, reason);
    } catch {
      /* already closing */
    }
  }

  /** Sends one message; a socket the caller already closed takes nothing. */
  send(message: ServerMessage) {
    if (this.closed) return;
    try {
      this.socket.send(JSON.stringify(message));
    } catch {
      this.gone();
    }
  }

  private receive(data: string | ArrayBuffer) {
    // A call that ended reads nothing more of what was already on its way.
    if (this.closed) return;
    const size = typeof data === "string" ? data.length : data.byteLength;
    if (size > CALL_LIMITS.messageBytes) return this.refuse(`A message may be at most ${CALL_LIMITS.messageBytes} bytes.`);
    if (typeof data !== "string") return this.refuse("Messages are JSON text.");
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return this.refuse("A message is not valid JSON.");
    }
    const parsed = z.safeParse(clientMessageSchema, json);
    if (!parsed.success) return this.refuse('Messages are {"type":"audio","data":<base64 PCM16>}, {"type":"played","item_id":<id>,"ms":<number>} or {"type":"ping"}.');
    const message = parsed.data;
    if (message.type === "ping") return this.send({ type: "pong" });
    if (message.type === "played") return this.played(message.item_id, message.ms);
    if (message.data.length > 0) this.events.audio(message.data);
  }

  private played(itemId: string, ms: number) {
    const playback = this.playback.get(itemId);
    // Items this call never sent are ignored.
    if (!playback) return;
    this.reporting = true;
    playback.played = { ms, at: this.now() };
  }

  private refuse(message: string) {
    this.send({ type: "error", code: "bad_message", message });
  }

  private gone() {
    if (this.closed) return;
    this.closed = true;
    this.events.hungUp();
  }
}
