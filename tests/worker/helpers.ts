import { exports } from "cloudflare:workers";
import { inject } from "vitest";
import postgres from "postgres";

export type Json = Record<string, unknown>;

/** Calls the Worker exactly as a browser would, through its fetch handler. */
export async function api(
  path: string,
  init: { method?: string; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  // Each call comes from its own client address unless a test names one, so per-client
  // rate limits only bite in the tests about them.
  if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", `198.51.100.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`);
  let body = init.rawBody;
  if (init.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.body);
  }
  const response = await exports.default.fetch(
    new Request(`http://localhost${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body }),
  );
  const text = await response.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    /* non-JSON answers are checked through `text` */
  }
  return { status: response.status, json, text, headers: response.headers };
}

/** Direct database access for asserting what was stored. */
export function db() {
  return postgres(inject("databaseUrl"), { max: 1, onnotice: () => {}, fetch_types: false });
}
