import { hc, type ClientResponse } from "hono/client";
import type { ErrorBody } from "../../contract/errors.ts";
import type { App } from "../../worker/app.ts";
import { requestLanguage } from "../i18n/request-language.ts";
import { endSession, getAccessToken, renewAccessToken } from "./auth/session.ts";

/**
 * A failed API call; `detail` is the server's message for people when it sent one, `code`
 * the machine-readable reason some refusals carry (e.g. "number_unavailable").
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly fields?: Record<string, string>,
    readonly code?: string,
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

function send(url: RequestInfo | URL, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  headers.set("Accept-Language", requestLanguage());
  // A salon made on first use takes the owner's time zone.
  headers.set("X-Time-Zone", Intl.DateTimeFormat().resolvedOptions().timeZone);
  // Read on every request, so a retry after a refresh carries the renewed token.
  const token = getAccessToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return fetch(url, { ...init, headers, credentials: "same-origin" });
}

/**
 * Sends a request in the interface language and with the access token. A 401 triggers one
 * silent refresh and one retry; when the refresh fails the user is signed out. Network
 * failures reject with a TypeError.
 */
async function sendSignedIn(url: RequestInfo | URL, init?: RequestInit) {
  const response = await send(url, init);
  if (response.status !== 401 || String(url).startsWith("/api/auth/")) return response;
  if (!(await refreshAccessToken())) {
    endSession();
    return response;
  }
  return send(url, init);
}

/**
 * The product's API under /api, typed by the Worker's routes, so a renamed route or field
 * fails the type check where the SPA uses it. Answers are read with `read`.
 */
export const api = hc<App>("/", { fetch: sendSignedIn }).api;

/** What a successful answer carries: its JSON, or nothing when it has no body (204). */
type Answer<R> = R extends ClientResponse<infer T, number, infer F> ? (F extends "json" ? T : undefined) : never;

/**
 * The answer of a call to `api`, typed by its route; a failure throws ApiRequestError with
 * the server's detail and field messages. The casts below are the only place an answer's
 * type is asserted, and `Answer` takes it from the route's own.
 */
export async function read<R extends ClientResponse<unknown>>(request: Promise<R>): Promise<Answer<R>> {
  const response = await request;
  if (response.status === 204) return undefined as Answer<R>;
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ErrorBody>;
    throw new ApiRequestError(
      response.status,
      typeof error.detail === "string" ? error.detail : undefined,
      error.fields,
      typeof error.code === "string" ? error.code : undefined,
    );
  }
  return data as Answer<R>;
}

let refreshing: Promise<boolean> | null = null;

/**
 * Renews the access token with the refresh cookie. Concurrent 401s share one refresh, so a
 * rotated cookie is never presented twice (which the server treats as theft).
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= read(api.auth.refresh.$post())
    .then(({ access_token }) => {
      renewAccessToken(access_token);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The server's detail when there is one, else the caller's fallback text. */
export function errorDetail(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.detail ? error.detail : fallback;
}
