import { inject } from "vitest";
import WebSocket from "ws";
import { JsonSocket } from "../support/json-socket.ts";
import { sql } from "./database.ts";
import { verifiedOwner } from "./owner.ts";

/**
 * Whole calls against the running Worker, from Node: the API, the call socket, the fake
 * speech model's control line, and the server's database for checking what was stored.
 */
const base = inject("baseUrl");

export async function api(path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "accept-language": "en", ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body !== undefined ? "POST" : "GET"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** A verified owner made in the database (registration has its own tests), signed in through the API. */
export async function signedInOwner() {
  const { email, password } = await verifiedOwner();
  const login = await api("/api/auth/login", { body: { email, password } });
  const token = login.json.access_token as string;
  return {
    email,
    password,
    call: (path: string, init: { method?: string; body?: unknown } = {}) => api(path, { ...init, token, headers: { "x-time-zone": "Europe/Prague" } }),
  };
}

function socket(url: string, headers: Record<string, string> = {}): Promise<JsonSocket> {
  const ws = new WebSocket(url, { headers });
  const wrapped = new JsonSocket(ws);
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(wrapped));
    ws.once("error", reject);
  });
}

/** A browser call's socket, as the SPA opens it. */
export const openCall = (path: string, headers: Record<string, string> = {}) => socket(`${base.replace(/^http/, "ws")}${path}`, headers);

/** Token usage the scripted model reports with each response. */
const USAGE = {
  total_tokens: 1300,
  input_tokens: 1000,
  output_tokens: 300,
  input_token_details: { text_tokens: 800, audio_tokens: 200, cached_tokens: 0 },
  output_token_details: { text_tokens: 100, audio_tokens: 200 },
};

/** A 100 ms chunk of a 440 Hz tone, base64 PCM16 at 24 kHz. */
const TONE = (() => {
  const samples = new Int16Array(2400);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / 24_000));
  return Buffer.from(samples.buffer).toString("base64");
})();

let step = 0;

/** The speech model's side of the call whose instructions contain `match` (see tests/fakes/realtime.ts). */
export async function scriptModel(match: string) {
  const url = new URL(inject("realtimeUrl"));
  const control = await socket(`ws://${url.host}/control?match=${encodeURIComponent(match)}`);
  const send = (event: Record<string, unknown>) => control.send({ send: event });
  const received = async (type: string, ms?: number) =>
    (await control.next((m) => m.type === "received" && (m.event as { type: string }).type === type, ms)).event as Record<string, unknown>;
  const responseDone = (id: string) => send({ type: "response.done", response: { id, object: "realtime.response", status: "completed", usage: USAGE } });
  return {
    /** The next event the call session sent to the model, of this type. */
    received,
    /** The model named in the address the call session connected to. */
    connectedModel: async () => (await control.next("paired")).model as string | null,
    /** Every event of this type the call session has sent and no test has waited for yet. */
    receivedSoFar: (type: string) =>
      control.take((m) => m.type === "received" && (m.event as { type: string }).type === type).map((m) => m.event as Record<string, unknown>),
    send,
    /** Ends the model's current response, with usage for the cost. */
    endResponse: () => responseDone("r"),
    /** The model calls a tool and ends its response; answers the tool's output, parsed. */
    async callTool(name: string, args: Record<string, unknown>) {
      const n = ++step;
      send({ type: "response.function_call_arguments.done", response_id: `resp_${n}`, item_id: `fc_${n}`, output_index: 0, call_id: `call_${n}`, name, arguments: JSON.stringify(args) });
      responseDone(`resp_${n}`);
      const item = (await received("conversation.item.create")).item as { type: string; call_id: string; output: string };
      if (item.type !== "function_call_output" || item.call_id !== `call_${n}`) throw new Error(`not the tool's output: ${JSON.stringify(item)}`);
      return JSON.parse(item.output) as Record<string, unknown>;
    },
    /** The model speaks `text` with `ms` of audio in 100 ms chunks as item `itemId`; `done` ends its response too. */
    speak(itemId: string, text: string, ms: number, { done = false } = {}) {
      send({ type: "response.output_item.added", response_id: "r", output_index: 0, item: { id: itemId, type: "message", role: "assistant", content: [] } });
      send({ type: "response.output_audio_transcript.delta", response_id: "r", item_id: itemId, output_index: 0, content_index: 0, delta: text });
      for (let sent = 0; sent < ms; sent += 100) {
        send({ type: "response.output_audio.delta", response_id: "r", item_id: itemId, output_index: 0, content_index: 0, delta: TONE });
      }
      send({ type: "response.output_audio_transcript.done", response_id: "r", item_id: itemId, output_index: 0, content_index: 0, transcript: text });
      if (done) responseDone("r");
    },
    drop() {
      control.send({ drop: true });
    },
    /** Resolves when the session closed its model connection. */
    closed: () => control.next("closed"),
    close: () => control.close(),
  };
}

/** The next Monday at least two days away, as YYYY-MM-DD. */
export function nextMonday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A Prague salon with a unique name, a stylist, two services and an assistant. */
export async function salonWithAssistant(assistant: Record<string, unknown> = {}) {
  const owner = await signedInOwner();
  const salonName = `Salon ${crypto.randomUUID().slice(0, 8)}`;
  await owner.call("/api/dashboard/salon", { method: "PUT", body: { name: salonName, transfer_phone_number: "+420 601 222 333", phone: "+420 222 111 000" } });
  await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nováková" } });
  await owner.call("/api/dashboard/services", { body: { name: "Haircut", duration: 45, price: 30 } });
  await owner.call("/api/dashboard/services", { body: { name: "Colouring", duration: 90, price: 80, min_price: 70, max_price: 120 } });
  const created = await owner.call("/api/dashboard/assistant/config", { body: { name: "Front desk", ...assistant } });
  if (created.status !== 201) throw new Error(`assistant: ${JSON.stringify(created.json)}`);
  const assistantId = created.json.id as string;
  return {
    owner,
    salonName,
    assistantId,
    async ticket() {
      return (await owner.call(`/api/dashboard/assistant/${assistantId}/call-ticket`, { method: "POST" })).json.ticket as string;
    },
    /** Starts a dashboard test call: a ticket, then the socket. */
    async testCall() {
      return openCall(`/api/browser-ai/${assistantId}?ticket=${encodeURIComponent(await this.ticket())}`);
    },
  };
}

/**
 * The call's row once the session has closed it and its summary is settled, with what the
 * speech model alone cost (`speech_cost`; model_cost adds the summary's text model).
 */
export async function finishedCall(id: string) {
  // The summary is a request to the text model after the call: on a busy machine it takes a while.
  for (let i = 0; i < 150; i++) {
    const [call] = await sql`select *, (model_cost - summary_cost)::float8 as speech_cost, summary_cost::float8 as summary_cost from calls where id = ${id}`;
    if (call && call.call_status !== "in-progress" && call.summary_state !== "pending") return call;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`call ${id} was never closed`);
}

export const callItems = (callId: string) =>
  sql<{ item_type: string; role: string | null; content: string | null; is_truncated: boolean; function_name: string | null; status: string | null; error: string | null }[]>`
    select item_type, role, content, is_truncated, function_name, status, error from call_items where call_id = ${callId} order by position`;

/**
 * The next connection to the fake model, claimed as it opens (see tests/fakes/realtime.ts),
 * with when each of its messages arrived; `silent`: its handshake is never answered.
 */
export async function claimNextModel(silent = false) {
  const ws = new WebSocket(`ws://${new URL(inject("realtimeUrl")).host}/control?next${silent ? "&silent" : ""}`);
  const arrived = new Map<string, number>();
  ws.on("message", (data) => arrived.set((JSON.parse(String(data)) as { type: string }).type, performance.now()));
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  return { control: new JsonSocket(ws), arrived };
}

/** A salon's test call, open and under way, with the fake model scripted for it. */
export async function startedCall(assistant: Record<string, unknown> = {}) {
  const salon = await salonWithAssistant(assistant);
  const model = await scriptModel(salon.salonName);
  const call = await salon.testCall();
  const callId = (await call.next("session_created")).session_id as string;
  return { ...salon, model, call, callId };
}
