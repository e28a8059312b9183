/** What the features see of a browser call; small, so the home page carries it without the call's code. */

export type CallPhase = "idle" | "connecting" | "active" | "ended";

/** Why a call could not start: the microphone was refused, audio or socket did not come up in time, or anything else. */
export type CallFailure = "microphone" | "connection" | "unexpected";

export class CallStartError extends Error {
  constructor(
    readonly kind: CallFailure,
    options?: { cause?: unknown },
  ) {
    super(`call could not start: ${kind}`, options);
    this.name = "CallStartError";
  }
}

/** One line of the live transcript; a line with a known id grows in place. */
export interface TranscriptLine {
  id: string;
  role: "assistant" | "user";
  text: string;
}

export interface CallHandlers {
  /** The server created the call's session: the assistant is on the line. */
  onSession(sessionId: string): void;
  onTranscript(line: TranscriptLine): void;
  /**
   * The call ended without the caller hanging up: the server closed the socket, the network
   * failed or the microphone went away. `refusal` is the server's error message when it turned
   * the call down before the assistant said anything (busy, too many calls, not configured), else null.
   */
  onEnd(reason: string, refusal: string | null): void;
}

export interface LiveCall {
  /** Ends the call from the caller's side; onEnd is not called. Safe to call twice. */
  hangUp(): void;
}

/** Whom to call: the public demo, or an assistant of the signed-in salon with a ticket fetched just before the socket opens. */
export type CallTarget = { demo: true } | { assistantId: string; ticket: () => Promise<string> };
