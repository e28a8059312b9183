import type { TokenResponse } from "../../contract/auth.ts";
import type { ErrorBody } from "../../contract/errors.ts";
import { endSession, getAccessToken, renewAccessToken } from "./auth/session.ts";

/** A failed API call; `detail` is the server's message for people when it sent one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly fields?: Record<string, string>,
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
}

function send(path: string, { method = "GET", body, signal }: RequestOptions) {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": document.documentElement.lang || "en",
    // A salon made on first use takes the owner's time zone.
    "X-Time-Zone": Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
    signal,
  });
}

let refreshing: Promise<boolean> | null = null;

/**
 * Renews the access token with the refresh cookie. Concurrent 401s share one refresh, so a
 * rotated cookie is never presented twice (which the server treats as theft).
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= fetch("/api/auth/refresh", { method: "POST", credentials: "same-origin" })
    .then(async (response) => {
      if (!response.ok) return false;
      renewAccessToken(((await response.json()) as TokenResponse).access_token);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function parse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ErrorBody>;
    throw new ApiRequestError(response.status, typeof error.detail === "string" ? error.detail : undefined, error.fields);
  }
  return data as T;
}

/**
 * Calls the product's API under /api, in the interface language (Accept-Language) and with
 * the access token. A 401 triggers one silent refresh and one retry; when the refresh
 * fails the user is signed out. Network failures reject with a TypeError.
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status !== 401 || path.startsWith("/auth/")) return parse<T>(response);
  if (!(await refreshAccessToken())) {
    endSession();
    return parse<T>(response);
  }
  return parse<T>(await send(path, options));
}

/** The server's detail when there is one, else the caller's fallback text. */
export function errorDetail(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.detail ? error.detail : fallback;
}
