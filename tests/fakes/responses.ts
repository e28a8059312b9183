import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Response as ModelResponse, ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";

/**
 * A stand-in for OpenAI's Responses API (POST /v1/responses, non-streaming) on loopback,
 * answering with the real response object: an output message whose output_text is the
 * JSON a scripted test asked for, and its usage.
 *
 * Scripting, for tests in another process:
 * - POST /__script `{match, reply}`: the next request whose input contains `match` answers
 *   with `reply` (any JSON value, sent as the output text's JSON); `{match, status}` answers
 *   that request with an HTTP error as OpenAI words one instead; `times` (default 1) repeats it.
 * - A request no script matches is answered by the autopilot: a one-sentence summary of the
 *   call, no follow-up and no questions, so calls nobody scripted still get summarised.
 * - GET /__requests lists what came in (authorization and body).
 */
export interface FakeResponses {
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

export interface ReceivedRequest {
  authorization: string | undefined;
  body: ResponseCreateParamsNonStreaming;
}

interface Script {
  match: string;
  reply?: unknown;
  status?: number;
  times: number;
}

/** What the autopilot says of any call it is asked about. */
export const AUTOPILOT_SUMMARY = "The caller spoke with the assistant.";

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "null");
}

/** The text a request's input holds, however it was given (a string or messages of input_text parts). */
function inputText(body: ResponseCreateParamsNonStreaming): string {
  const parts: string[] = [body.instructions ?? ""];
  const input = body.input;
  if (typeof input === "string") parts.push(input);
  else for (const item of input ?? []) {
    if (!("content" in item)) continue;
    const content = item.content;
    if (typeof content === "string") parts.push(content);
    else if (Array.isArray(content)) for (const part of content) if ("text" in part && typeof part.text === "string") parts.push(part.text);
  }
  return parts.join("\n");
}

function errorBody(status: number) {
  const [type, message] =
    status === 429 ? ["rate_limit_exceeded", "Rate limit reached for requests."] : status === 401 ? ["invalid_request_error", "Incorrect API key provided."] : ["server_error", "The server had an error while processing your request."];
  return { error: { message, type, param: null, code: status === 429 ? "rate_limit_exceeded" : null } };
}

export async function startFakeResponses(): Promise<FakeResponses> {
  const requests: ReceivedRequest[] = [];
  const scripts: Script[] = [];
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method === "GET" && req.url === "/__requests") return send(200, requests);
      if (req.method === "POST" && req.url === "/__script") {
        const script = (await readJson(req)) as Partial<Script>;
        if (typeof script.match !== "string") return send(400, { error: "match is required" });
        scripts.push({ match: script.match, reply: script.reply, status: script.status, times: script.times ?? 1 });
        return send(200, { ok: true });
      }
      if (req.method !== "POST" || req.url !== "/v1/responses") return send(404, { error: { message: "Unknown request URL.", type: "invalid_request_error" } });
      if (!req.headers.authorization?.startsWith("Bearer ")) return send(401, errorBody(401));
      const body = (await readJson(req)) as ResponseCreateParamsNonStreaming;
      if (!body || typeof body.model !== "string" || body.input === undefined) {
        return send(400, { error: { message: "Missing required parameter: 'model' or 'input'.", type: "invalid_request_error", param: "model", code: "missing_required_parameter" } });
      }
      requests.push({ authorization: req.headers.authorization, body });
      const text = inputText(body);
      const index = scripts.findIndex((script) => text.includes(script.match));
      const script = index >= 0 ? scripts[index]! : null;
      if (script && --script.times <= 0) scripts.splice(index, 1);
      if (script?.status) return send(script.status, errorBody(script.status));
      const reply = script ? script.reply : { summary: AUTOPILOT_SUMMARY, outcome: "no_action", follow_up: false, follow_up_reason: null, unanswered_questions: [] };
      const outputText = JSON.stringify(reply);
      const inputTokens = Math.ceil(text.length / 4);
      const outputTokens = Math.ceil(outputText.length / 4);
      const response = {
        id: id("resp"),
        object: "response",
        created_at: Math.floor(Date.now() / 1000),
        status: "completed",
        error: null,
        incomplete_details: null,
        instructions: body.instructions ?? null,
        max_output_tokens: body.max_output_tokens ?? null,
        model: body.model,
        output: [
          {
            type: "message",
            id: id("msg"),
            status: "completed",
            role: "assistant",
            content: [{ type: "output_text", text: outputText, annotations: [], logprobs: [] }],
          },
        ],
        parallel_tool_calls: true,
        text: body.text ?? { format: { type: "text" } },
        tool_choice: "auto",
        tools: [],
        usage: {
          input_tokens: inputTokens,
          input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
          output_tokens: outputTokens,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: inputTokens + outputTokens,
        },
      } satisfies Partial<ModelResponse> & { object: "response" };
      send(200, response);
    } catch {
      send(400, { error: { message: "We could not parse the JSON body of your request.", type: "invalid_request_error", param: null, code: null } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
