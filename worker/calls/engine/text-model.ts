import type { Response as ModelResponse, ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";
import type { Bindings } from "../../env.ts";

const DEFAULT_API_BASE_URL = "https://api.openai.com/v1";
/** The text model that reads a call once it has ended: small, quick and cheap, as the task is. */
export const DEFAULT_TEXT_MODEL = "gpt-5-mini";
/** How long one request may take before it counts as failed and is tried again later. */
const REQUEST_TIMEOUT_MS = 30_000;

/** The text model could not give an answer: unreachable, refused, cut short or not text. */
export class TextModelFailure extends Error {}

export interface TextAnswer {
  text: string;
  model: string;
  usage: { input: number; cached: number; output: number };
}

/**
 * One answer of a text model through the Responses API (OPENAI_API_BASE_URL, which a
 * compatible endpoint or a test's fake can replace). Nothing is stored on OpenAI's side:
 * callers' words are the salon's, not the provider's.
 */
export async function askTextModel(env: Bindings, request: Omit<ResponseCreateParamsNonStreaming, "model" | "store">): Promise<TextAnswer> {
  const apiKey = env.OPENAI_API_KEY;
  if (!apiKey) throw new TextModelFailure("OPENAI_API_KEY is not set.");
  const base = (env.OPENAI_API_BASE_URL || DEFAULT_API_BASE_URL).replace(/\/$/, "");
  let response: Response;
  try {
    response = await fetch(`${base}/responses`, {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ ...request, model: env.OPENAI_TEXT_MODEL || DEFAULT_TEXT_MODEL, store: false }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new TextModelFailure(`The text model could not be reached: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => null)) as (ModelResponse & { error?: { message?: string } }) | null;
  if (!response.ok || !body) throw new TextModelFailure(`The text model answered HTTP ${response.status}: ${body?.error?.message ?? "no JSON"}`);
  if (body.status !== "completed") throw new TextModelFailure(`The text model's answer is ${body.status}: ${body.incomplete_details?.reason ?? body.error?.message ?? ""}`);
  const text = body.output
    .flatMap((item) => (item.type === "message" ? item.content : []))
    .map((part) => (part.type === "output_text" ? part.text : ""))
    .join("");
  if (!text) throw new TextModelFailure("The text model's answer holds no text (a refusal, or nothing).");
  const usage = body.usage;
  return {
    text,
    model: body.model,
    usage: { input: usage?.input_tokens ?? 0, cached: usage?.input_tokens_details?.cached_tokens ?? 0, output: usage?.output_tokens ?? 0 },
  };
}
