import type { ErrorBody } from "../../contract/errors.ts";

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

/**
 * Calls the product's API under /api. Answers come in the interface language, which is
 * sent as Accept-Language. Network failures reject with a TypeError, API errors with
 * ApiRequestError.
 */
export async function apiFetch<T>(path: string, { method = "GET", body, signal }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": document.documentElement.lang || "en" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
    signal,
  });
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ErrorBody>;
    throw new ApiRequestError(response.status, typeof error.detail === "string" ? error.detail : undefined, error.fields);
  }
  return data as T;
}

/** The server's detail when there is one, else the caller's fallback text. */
export function errorDetail(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.detail ? error.detail : fallback;
}
