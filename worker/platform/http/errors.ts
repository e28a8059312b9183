import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod/mini";
import type { ErrorBody } from "../../../contract/errors.ts";
import type { Language } from "../../../contract/languages.ts";
import { DatabaseFailure, DataError, forbidden, isPolicyRefusal, type DataErrorKind, type MessageValue } from "../../data/errors.ts";
import type { AppEnv } from "../../env.ts";
import { translator, type Translate } from "../messages/index.ts";

/** An error whose detail is meant for the person who made the request. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: ErrorBody,
  ) {
    super(body.detail);
  }
}

const t = (c: Context<AppEnv>) => c.get("t") ?? translator("en");

/** Turns a zod failure into a 422 whose detail is the first problem, in the caller's language. */
export function validationError(c: Context<AppEnv>, error: z.core.$ZodError): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "body";
    const values = "maximum" in issue ? { max: Number(issue.maximum) } : undefined;
    fields[field] ??= t(c)(issue.message, values);
  }
  const detail = Object.values(fields)[0] ?? t(c)("api.error.validation");
  return new ApiError(422, { detail, code: "validation_error", fields });
}

const DATA_ERRORS: Record<DataErrorKind, { status: ContentfulStatusCode; code: string }> = {
  not_found: { status: 404, code: "not_found" },
  conflict: { status: 409, code: "conflict" },
  invalid: { status: 422, code: "validation_error" },
  forbidden: { status: 403, code: "forbidden" },
  gone: { status: 410, code: "gone" },
};

/** A message value as a person reads it: instants on the salon's clock, in the reader's language. */
function shown(value: MessageValue, language: Language): string | number {
  if (typeof value !== "object") return value;
  if ("date" in value) return new Intl.DateTimeFormat(language, { timeZone: value.timeZone, day: "numeric", month: "long" }).format(value.date);
  return new Intl.DateTimeFormat(language, { timeZone: value.timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(value.time);
}

/** The answer to a refusal of the data layer, in the caller's language. */
function dataErrorBody(error: DataError, translate: Translate, language: Language): { status: ContentfulStatusCode; body: ErrorBody } {
  const { status, code } = DATA_ERRORS[error.kind];
  const values = Object.fromEntries(Object.entries(error.options.values ?? {}).map(([name, value]) => [name, shown(value, language)]));
  const detail = translate(error.messageId, values);
  const { field } = error.options;
  return { status, body: { ...error.options.answer, detail, code: error.options.code ?? code, ...(field ? { fields: { [field]: detail } } : {}) } };
}

const DATABASE_FAILURES = {
  unavailable: { status: 503, code: "database_unavailable", message: "api.error.databaseUnavailable" },
  contention: { status: 409, code: "concurrent_change", message: "api.error.concurrentChange" },
} as const;

export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return c.json(err.body, err.status);
  if (err instanceof DataError || isPolicyRefusal(err)) {
    const { status, body } = dataErrorBody(err instanceof DataError ? err : forbidden(), t(c), c.get("language") ?? "en");
    return c.json(body, status);
  }
  if (err instanceof DatabaseFailure) {
    const { status, code, message } = DATABASE_FAILURES[err.reason];
    if (err.reason === "unavailable") console.warn("the database is unavailable:", String(err.cause));
    return c.json({ detail: t(c)(message), code }, status);
  }
  if (err instanceof HTTPException) {
    // Hono's validator throws this for a body that does not parse as JSON.
    const detail = err.status === 400 ? t(c)("api.error.invalidJson") : err.message;
    return c.json({ detail }, err.status);
  }
  console.error(err);
  return c.json({ detail: t(c)("api.error.internal") }, 500);
};

export const notFound: NotFoundHandler<AppEnv> = (c) =>
  c.json({ detail: t(c)("api.error.notFound") }, 404);
