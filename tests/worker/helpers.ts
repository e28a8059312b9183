import { exports } from "cloudflare:workers";
import { hc, type ClientResponse } from "hono/client";
import { expect, inject } from "vitest";
import postgres from "postgres";
import { CALLS_PAGE_SIZE } from "../../contract/calls.ts";
import type { ErrorBody } from "../../contract/errors.ts";
import type { App } from "../../worker/app.ts";

export type Json = Record<string, unknown>;

/** Sends a request to the Worker exactly as a browser would, through its fetch handler. */
function toWorker(input: RequestInfo | URL, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  // Each call comes from its own client address unless a test names one, so per-client
  // rate limits only bite in the tests about them.
  if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", `198.51.100.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`);
  return exports.default.fetch(new Request(input, { ...init, headers }));
}

/**
 * The API under /api typed by the Worker's routes, as the SPA calls it: a renamed route or
 * field fails the type check of the tests that use it. Read answers with `ok` and `refused`.
 */
export function client(headers: Record<string, string> = {}) {
  return hc<App>("http://localhost", { fetch: toWorker, headers }).api;
}

/** What a successful answer carries, typed by its route: its JSON, or nothing when it has none (204). */
type Answer<R> = R extends ClientResponse<infer T, number, infer F> ? (F extends "json" ? T : undefined) : never;

/** The body of an answer of the typed client, after checking its status (the body shows when it differs). */
export async function ok<R extends ClientResponse<unknown>>(request: Promise<R>, status = 200): Promise<Answer<R>> {
  const response = await request;
  const text = await response.text();
  expect(response.status, text).toBe(status);
  // The one place an answer's type is asserted; `Answer` takes it from the route's own.
  return (text ? JSON.parse(text) : undefined) as Answer<R>;
}

/**
 * The Calls screen's first page. A route's query is typed as what its schema answers, defaults
 * filled in, so the typed client sends the page the way the screen does.
 */
export const firstCallsPage = { limit: String(CALLS_PAGE_SIZE), offset: "0" };

/**
 * Any answer of the typed client, read whatever its status: for tests of both outcomes and of
 * headers (cookies, Retry-After). Its JSON is loose, as it is a success's or a refusal's.
 */
export async function answer(request: Promise<ClientResponse<unknown>>) {
  const response = await request;
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: (text ? JSON.parse(text) : {}) as Json };
}

/** The refusal an answer of the typed client carries, after checking its status. */
export async function refused(request: Promise<ClientResponse<unknown>>, status: number): Promise<ErrorBody> {
  const response = await request;
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as ErrorBody;
}

/**
 * Calls the Worker by path with any body: for what the typed client cannot send (bad input,
 * raw bodies) and answers that are not JSON.
 */
export async function api(
  path: string,
  init: { method?: string; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  let body = init.rawBody;
  if (init.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.body);
  }
  const response = await toWorker(`http://localhost${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
  const text = await response.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    /* non-JSON answers are checked through `text` */
  }
  return { status: response.status, json, text, headers: response.headers };
}

/**
 * A request's context for calling an app straight through `app.request` (under settings of a
 * test's own), holding what the request left running for the test to wait on or look at.
 */
export function requestContext() {
  const waited: Promise<unknown>[] = [];
  const ctx: ExecutionContext = { waitUntil: (promise) => void waited.push(promise), passThroughOnException: () => {}, exports, props: {} };
  return { ctx, waited };
}

/** Direct database access for asserting what was stored. */
export function db() {
  return postgres(inject("databaseUrl"), { max: 1, onnotice: () => {}, fetch_types: false });
}
