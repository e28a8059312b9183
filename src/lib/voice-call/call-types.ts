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
  onTranscript(line: TranscriptLine): void;
  /** The server's error message; the socket closes right after it. */
  onServerError(message: string, code: string, sessionStarted: boolean): void;
  /**
   * The call ended without the caller hanging up: the server closed the socket, the network
   * failed or the microphone went away. `refused`: the server sent an error before the session
   * was created, i.e. the call never really started (busy, rate limited, not configured).
   */
  onEnd(reason: string, refused: boolean): void;
}

export interface LiveCall {
  /** Ends the call from the caller's side; onEnd is not called. Safe to call twice. */
  hangUp(): void;
}

/** Whom to call: the public demo, or an assistant of the signed-in salon with a ticket fetched just before the socket opens. */
export type CallTarget = { demo: true } | { assistantId: string; ticket: () => Promise<string> };
