import type { RealtimeClientEvent, RealtimeServerEvent } from "openai/resources/realtime/realtime";
import { DEFAULT_MODEL } from "../../contract/models.ts";
import type { Bindings } from "../env.ts";

export type ModelEvent = RealtimeServerEvent;
export type SessionEvent = RealtimeClientEvent;

const DEFAULT_REALTIME_URL = "https://api.openai.com/v1/realtime";
const DEFAULT_REALTIME_MODEL = DEFAULT_MODEL;

/** The speech model could not be reached or refused the connection. */
export class ModelUnavailable extends Error {}

/**
 * Opens the Realtime API's WebSocket. Workers open outbound sockets through fetch with an
 * Upgrade header, and fetch takes only http(s) addresses, so ws(s) ones are rewritten.
 */
export async function connectModel(env: Bindings, apiKey: string): Promise<WebSocket> {
  const url = new URL(env.OPENAI_REALTIME_URL || DEFAULT_REALTIME_URL);
  url.protocol = url.protocol.replace(/^ws/, "http");
  url.searchParams.set("model", env.OPENAI_REALTIME_MODEL || DEFAULT_REALTIME_MODEL);
  let response: Response;
  try {
    response = await fetch(url, { headers: { Upgrade: "websocket", Authorization: `Bearer ${apiKey}` } });
  } catch (error) {
    throw new ModelUnavailable(`The speech model could not be reached: ${(error as Error).message}`);
  }
  const socket = response.webSocket;
  if (!socket) throw new ModelUnavailable(`The speech model refused the connection (HTTP ${response.status}).`);
  socket.accept();
  return socket;
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
