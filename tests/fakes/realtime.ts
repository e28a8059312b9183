import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";

/**
 * A stand-in for the OpenAI Realtime API on loopback, speaking its GA wire protocol.
 *
 * - `scripted`: a test opens `/control?match=<text>` and is paired with the model
 *   connection whose session.update instructions contain that text (told which model it
 *   asked for). It then sees every
 *   event the call session sends (`{type:"received", event}`), makes the model send events
 *   (`{send: event}`) or drops the connection (`{drop: true}`). A connection no test claims
 *   runs on autopilot: it greets with the assistant's greeting, and answers once it has
 *   heard about a second of the caller. `/control?next` instead claims the next connection
 *   as soon as it opens (`{type:"connected"}`), before it has sent anything; with `&silent`
 *   that connection's handshake is never answered, as by a model that accepts TCP and then
 *   says nothing (`{type:"held"}` when it arrives).
 * - `echo`: every input_audio_buffer.append comes straight back as output audio (for
 *   measuring what the relay adds).
 */
export interface FakeRealtime {
  /** Base URL for OPENAI_REALTIME_URL. */
  url: string;
  /** Authorization headers and model names the product connected with. */
  connections: { authorization: string | undefined; model: string | null }[];
  close(): Promise<void>;
}

type Event = { type: string; [key: string]: unknown };

/** What the autopilot answers when it has heard the caller. */
export const AUTOPILOT_REPLY = "Thanks, I can hear you. How can I help?";
const HEARD_ENOUGH_BYTES = 24_000 * 2;

let counter = 0;
const id = (prefix: string) => `${prefix}_${(++counter).toString(36)}`;

/** A quiet 440 Hz tone, base64 PCM16 at 24 kHz, in 100 ms chunks. */
function toneChunks(ms: number): string[] {
  const chunks: string[] = [];
  for (let offset = 0; offset < ms; offset += 100) {
    const samples = new Int16Array(2400);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.round(3000 * Math.sin((2 * Math.PI * 440 * (offset * 24 + i)) / 24_000));
    chunks.push(Buffer.from(samples.buffer).toString("base64"));
  }
  return chunks;
}

const send = (socket: WebSocket, event: Event) => socket.readyState === socket.OPEN && socket.send(JSON.stringify({ event_id: id("event"), ...event }));

/** The model saying `text`: an audio item with its transcript, then response.done with usage. */
export function speechEvents(text: string, audioMs = 600): Event[] {
  const responseId = id("resp");
  const itemId = id("item");
  const words = text.split(/(?<= )/);
  return [
    { type: "response.created", response: { id: responseId, object: "realtime.response", status: "in_progress" } },
    { type: "response.output_item.added", response_id: responseId, output_index: 0, item: { id: itemId, type: "message", role: "assistant", content: [] } },
    ...words.map((delta) => ({ type: "response.output_audio_transcript.delta", response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, delta })),
    ...toneChunks(audioMs).map((delta) => ({ type: "response.output_audio.delta", response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, delta })),
    { type: "response.output_audio.done", response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 },
    { type: "response.output_audio_transcript.done", response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, transcript: text },
    {
      type: "response.done",
      response: {
        id: responseId,
        object: "realtime.response",
        status: "completed",
        usage: {
          total_tokens: 400,
          input_tokens: 300,
          output_tokens: 100,
          input_token_details: { text_tokens: 250, audio_tokens: 50, cached_tokens: 100, cached_tokens_details: { text_tokens: 100, audio_tokens: 0 } },
          output_token_details: { text_tokens: 20, audio_tokens: 80 },
        },
      },
    },
  ];
}

function autopilot(model: WebSocket) {
  let heard = 0;
  let answered = false;
  model.on("message", (raw) => {
    const event = JSON.parse(String(raw)) as Event;
    if (event.type === "session.update") send(model, { type: "session.updated", session: event.session });
    if (event.type === "response.create") {
      const instructions = String((event.response as { instructions?: string } | undefined)?.instructions ?? "");
      const greeting = /"([^"]*)"/.exec(instructions)?.[1] ?? "Hello!";
      for (const reply of speechEvents(greeting)) send(model, reply);
    }
    if (event.type === "input_audio_buffer.append" && !answered) {
      heard += Math.floor((String(event.audio).length * 3) / 4);
      if (heard < HEARD_ENOUGH_BYTES) return;
      answered = true;
      const userItem = id("item");
      send(model, { type: "input_audio_buffer.speech_started", audio_start_ms: 0, item_id: userItem });
      send(model, { type: "input_audio_buffer.speech_stopped", audio_end_ms: 1000, item_id: userItem });
      send(model, { type: "input_audio_buffer.committed", item_id: userItem, previous_item_id: null });
      send(model, { type: "conversation.item.input_audio_transcription.completed", item_id: userItem, content_index: 0, transcript: "Hello, can you hear me?" });
      for (const reply of speechEvents(AUTOPILOT_REPLY)) send(model, reply);
    }
  });
}

function echo(model: WebSocket) {
  model.on("message", (raw) => {
    const event = JSON.parse(String(raw)) as Event;
    if (event.type === "input_audio_buffer.append") {
      send(model, { type: "response.output_audio.delta", response_id: "echo", item_id: "echo", output_index: 0, content_index: 0, delta: event.audio });
    }
  });
}

export async function startFakeRealtime(mode: "scripted" | "echo" = "scripted", port = 0): Promise<FakeRealtime> {
  const http = createServer((_request, response) => response.writeHead(426).end());
  const sockets = new WebSocketServer({ noServer: true });
  const controllers: { match: string; socket: WebSocket }[] = [];
  /** Controllers waiting for the next connection, and whether to leave its handshake unanswered. */
  const claims: { socket: WebSocket; silent: boolean }[] = [];
  const held = new Set<Duplex>();
  const connections: FakeRealtime["connections"] = [];

  http.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const claim = new URL(request.url ?? "/", "http://fake").pathname === "/control" ? undefined : claims[0];
    if (claim?.silent) {
      claims.shift();
      held.add(socket);
      socket.on("close", () => held.delete(socket));
      claim.socket.send(JSON.stringify({ type: "held" }));
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit("connection", ws, request));
  });

  /** Hands the model connection `socket` (for `model`) to the test on `controller`, with the events it sent so far. */
  function pair(socket: WebSocket, controller: WebSocket, early: Event[], model: string | null) {
    const forward = (received: Event) => controller.send(JSON.stringify({ type: "received", event: received }));
    early.forEach(forward);
    socket.on("message", (data) => forward(JSON.parse(String(data)) as Event));
    socket.on("close", () => {
      if (controller.readyState !== controller.OPEN) return;
      controller.send(JSON.stringify({ type: "closed" }));
      controller.close();
    });
    controller.on("message", (data) => {
      const command = JSON.parse(String(data)) as { send?: Event; drop?: boolean };
      if (command.send) send(socket, command.send);
      if (command.drop) socket.terminate();
    });
    controller.on("close", () => socket.close());
    controller.send(JSON.stringify({ type: "paired", model }));
  }

  sockets.on("connection", (socket: WebSocket, request: IncomingMessage) => {
    const url = new URL(request.url ?? "/", "http://fake");
    if (url.pathname === "/control") {
      if (url.searchParams.has("next")) {
        const claim = { socket, silent: url.searchParams.has("silent") };
        claims.push(claim);
        socket.on("close", () => claims.includes(claim) && claims.splice(claims.indexOf(claim), 1));
        return;
      }
      const controller = { match: url.searchParams.get("match") ?? "", socket };
      controllers.push(controller);
      socket.on("close", () => controllers.splice(controllers.indexOf(controller), 1));
      return;
    }
    connections.push({ authorization: request.headers.authorization, model: url.searchParams.get("model") });
    send(socket, { type: "session.created", session: { id: id("sess"), type: "realtime", object: "realtime.session" } });
    if (mode === "echo") return echo(socket);
    const claim = claims.shift();
    if (claim) {
      claim.socket.send(JSON.stringify({ type: "connected" }));
      return pair(socket, claim.socket, [], url.searchParams.get("model"));
    }

    // Until its session.update names a test's text, a connection's events wait here.
    const early: Event[] = [];
    const onEarly = (raw: unknown) => {
      const event = JSON.parse(String(raw)) as Event;
      early.push(event);
      if (event.type !== "session.update") return;
      socket.off("message", onEarly);
      const instructions = String((event.session as { instructions?: string }).instructions ?? "");
      const controller = controllers.find((c) => c.match && instructions.includes(c.match));
      if (!controller) {
        autopilot(socket);
        for (const past of early) socket.emit("message", JSON.stringify(past));
        return;
      }
      controllers.splice(controllers.indexOf(controller), 1);
      pair(socket, controller.socket, early, url.searchParams.get("model"));
    };
    socket.on("message", onEarly);
  });

  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  const { port: bound } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/v1/realtime`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        for (const socket of held) socket.destroy();
        sockets.close();
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

// Run as a process of its own (`--serve echo`), the fake tells its parent where it listens:
// the relay bench keeps the model out of the process that measures.
const serve = process.argv.indexOf("--serve");
if (serve >= 0 && process.send) {
  const fake = await startFakeRealtime(process.argv[serve + 1] === "echo" ? "echo" : "scripted");
  process.send(fake.url);
}
