import type { CallEndReason, CallErrorCode } from "../../../contract/call-socket.ts";

/**
 * The caller's side of a call, as the call session sees it: a browser's WebSocket or a
 * Twilio media stream. Audio crosses this boundary in the speech model's format, base64
 * PCM16 mono at 24 kHz; a channel converts to and from its wire format itself.
 */
export interface CallerChannel {
  readonly kind: "browser" | "phone";
  /** Queues a chunk of the assistant's speech, part of the model's output item `itemId`. */
  play(itemId: string, pcm16: string): void;
  /** How many milliseconds of `itemId`'s audio the caller has really heard so far. */
  heardMs(itemId: string): number;
  /** The caller barged in: drops every queued chunk of the assistant's speech. */
  clear(): void;
  /** A transcript line, for screens that show one; `text` is the line so far. */
  transcript(role: "assistant" | "user", itemId: string, text: string): void;
  /** Resolves once the caller has heard everything queued so far. */
  drained(): Promise<void>;
  /** Phone only: connects the caller to a person at `number`, ending the assistant's part. */
  transfer?(number: string): Promise<void>;
  /** Ends the call on the caller's side, telling the caller why when it went wrong. */
  end(reason: CallEndReason, error?: { code: CallErrorCode; message: string }): void;
}

/** How many milliseconds of speech a chunk of base64 PCM16 at 24 kHz holds (48 bytes a millisecond). */
export function audioMs(pcm16: string): number {
  const padding = pcm16.endsWith("==") ? 2 : pcm16.endsWith("=") ? 1 : 0;
  return (Math.floor((pcm16.length * 3) / 4) - padding) / 48;
}

/** What a channel reports to the session. */
export interface CallerEvents {
  /** The caller's voice, base64 PCM16 mono at 24 kHz. */
  audio(pcm16: string): void;
  /** The caller is gone (hung up, closed the tab, the stream stopped). */
  hungUp(): void;
}
