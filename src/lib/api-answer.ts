import type { ClientResponse } from "hono/client";
import type { ErrorBody } from "../../contract/errors.ts";

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

/** What a successful answer carries: its JSON, or nothing when it has no body (204). */
type Answer<R> = R extends ClientResponse<infer T, number, infer F> ? (F extends "json" ? T : undefined) : never;

/**
 * The answer of a call to a typed client of the API (`hc<App>`), typed by its route; a failure
 * throws ApiRequestError with the server's detail and field messages. The casts below are the
 * only place an answer's type is asserted, and `Answer` takes it from the route's own.
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

/** The server's detail when there is one, else the caller's fallback text. */
export function errorDetail(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.detail ? error.detail : fallback;
}

/** The messages a refusal gives at these fields of a form; null when it names none of them, so the form shows it whole. */
export function refusedFields<Field extends string>(error: unknown, fields: readonly Field[]): Partial<Record<Field, string>> | null {
  const given = error instanceof ApiRequestError ? error.fields : undefined;
  const named = fields.filter((field) => given?.[field]);
  return named.length > 0 ? (Object.fromEntries(named.map((field) => [field, given![field]])) as Partial<Record<Field, string>>) : null;
}
