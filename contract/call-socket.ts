/**
 * The browser call's WebSocket, `/api/browser-ai/{assistantConfigId}` (public site spec §7):
 * the home page's demo and the dashboard's test call speak it with the call's Durable Object.
 */

/** The demo's assistant id in the socket's path: the server resolves it to the public demo assistant. */
export const DEMO_ASSISTANT_ID = "default";

/** Caller audio: 24 kHz mono PCM16, sent in buffers of 4096 samples (spec §9). */
export const CALL_AUDIO = { sampleRate: 24_000, bufferSamples: 4096 } as const;

export const CALL_LIMITS = {
  /** A client message larger than this is refused with an error (four audio buffers' worth). */
  messageBytes: 48 * 1024,
  /** The public demo ends by itself after this long. */
  demoSeconds: 180,
  /** A dashboard test call or a phone call ends after this long. */
  callSeconds: 20 * 60,
  /** Demo calls one client address may start per hour. */
  demoCallsPerHour: 10,
  /** Demo calls running at once across the product. */
  demoConcurrent: 20,
  /** Demo calls running at once from one client address. */
  demoConcurrentPerAddress: 2,
  /** Minutes of demo calls one client address may use in a day (a running call counts in full). */
  demoMinutesPerDay: 15,
  /** Dashboard test calls running at once in one salon. */
  testCallsConcurrent: 2,
  /**
   * How much faster than real time a caller's audio may arrive, on average since its first
   * chunk: a caller more than `audioLeadMs` ahead of that is ended, so the speech model is
   * never fed faster than a person could speak.
   */
  audioSpeedup: 1.5,
  audioLeadMs: 1000,
  /** A test-call ticket opens a socket within this many seconds of being issued. */
  ticketSeconds: 60,
} as const;

/**
 * What the browser sends; checked by the schema in call-socket-schema.ts (kept apart so the
 * page need not load zod). `played` reports how many milliseconds of an item's audio its
 * playback clock has played, so a barge-in cuts each item where the caller stopped hearing it.
 */
export type ClientMessage = { type: "audio"; data: string } | { type: "ping" } | { type: "played"; item_id: string; ms: number };

/** Why a call ended, sent as the WebSocket close reason. */
export type CallEndReason = "caller_hung_up" | "assistant_ended" | "handed_over" | "time_limit" | "error";

export type ServerMessage =
  | { type: "session_created"; session_id: string }
  /** The assistant's speech. The spec's client reads `data`; `item_id`, the model's output item, lets a page report its playback. */
  | { type: "audio"; data: string; item_id?: string }
  /**
   * A transcript line. The spec's client reads `data` (the assistant's words); `role` and
   * `item_id` let the test call's live transcript show both sides and grow a line in place.
   */
  | { type: "text"; data: string; role: "assistant" | "user"; item_id: string }
  | { type: "clear_audio" }
  | { type: "pong" }
  | { type: "error"; message: string; code: CallErrorCode };

export type CallErrorCode =
  | "not_configured"
  | "not_found"
  | "unauthorized"
  | "rate_limited"
  | "busy"
  | "bad_message"
  | "model_unavailable"
  | "internal";

/** Test-call ticket, from `POST /api/dashboard/assistant/{id}/call-ticket`. */
export interface CallTicket {
  ticket: string;
  expires_at: string;
}
