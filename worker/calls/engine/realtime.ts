import type { RealtimeClientEvent, RealtimeServerEvent } from "openai/resources/realtime/realtime";
import { DEFAULT_MODEL } from "../../../contract/models.ts";
import type { Bindings } from "../../env.ts";

export type ModelEvent = RealtimeServerEvent;
export type SessionEvent = RealtimeClientEvent;

const DEFAULT_REALTIME_URL = "https://api.openai.com/v1/realtime";
const DEFAULT_REALTIME_MODEL = DEFAULT_MODEL;

/** How long the speech model may take to accept the connection before the call gives up on it. */
export const MODEL_CONNECT_TIMEOUT_MS = 5_000;

/** The speech model could not be reached or refused the connection. */
export class ModelUnavailable extends Error {}

/**
 * Opens the Realtime API's WebSocket. Workers open outbound sockets through fetch with an
 * Upgrade header, and fetch takes only http(s) addresses, so ws(s) ones are rewritten. An
 * endpoint that takes the connection and never answers would hold the caller in silence:
 * past MODEL_CONNECT_TIMEOUT_MS the attempt is abandoned, as it is when `cancel` fires (the
 * caller left meanwhile); a socket that arrives after either is closed at once.
 */
export async function connectModel(env: Bindings, apiKey: string, cancel: AbortSignal): Promise<WebSocket> {
  const url = new URL(env.OPENAI_REALTIME_URL || DEFAULT_REALTIME_URL);
  url.protocol = url.protocol.replace(/^ws/, "http");
  url.searchParams.set("model", env.OPENAI_REALTIME_MODEL || DEFAULT_REALTIME_MODEL);
  // The request has a signal of its own, aborted only while it is under way: aborting a
  // request's signal later would tear down the socket it opened.
  const attempt = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    attempt.abort();
  }, MODEL_CONNECT_TIMEOUT_MS);
  const stop = () => attempt.abort();
  cancel.addEventListener("abort", stop, { once: true });
  if (cancel.aborted) stop();
  const abandoned = new Promise<never>((_, reject) => {
    const fail = () => reject(new ModelUnavailable(timedOut ? `The speech model did not answer within ${MODEL_CONNECT_TIMEOUT_MS} ms.` : "The call ended while connecting."));
    if (attempt.signal.aborted) fail();
    else attempt.signal.addEventListener("abort", fail, { once: true });
  });
  const request = fetch(url, { headers: { Upgrade: "websocket", Authorization: `Bearer ${apiKey}` }, signal: attempt.signal });
  // Should the request settle after it was abandoned, its socket is not left open.
  void request.then((late) => attempt.signal.aborted && late.webSocket && closeQuietly(late.webSocket, true), () => {});
  let response: Response;
  try {
    response = await Promise.race([request, abandoned]);
  } catch (error) {
    if (error instanceof ModelUnavailable) throw error;
    throw new ModelUnavailable(`The speech model could not be reached: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
    cancel.removeEventListener("abort", stop);
  }
  const socket = response.webSocket;
  if (!socket) throw new ModelUnavailable(`The speech model refused the connection (HTTP ${response.status}).`);
  socket.accept();
  return socket;
}

/** Closes a model socket, accepting it first when nobody has. */
export function closeQuietly(socket: WebSocket, accept = false) {
  try {
    if (accept) socket.accept();
    socket.close(1000, "call ended");
  } catch {
    /* already closed */
  }
}

/** Parses one frame from the model; anything that is not a JSON event object is dropped. */
export function parseModelEvent(data: unknown): ModelEvent | null {
  if (typeof data !== "string") return null;
  try {
    const event = JSON.parse(data) as unknown;
    return event && typeof event === "object" && typeof (event as { type?: unknown }).type === "string" ? (event as ModelEvent) : null;
  } catch {
    return null;
  }
}
