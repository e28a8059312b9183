import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod/mini";
import type { ErrorBody } from "../../contract/errors.ts";
import type { AppEnv } from "../env.ts";
import { translator } from "./language.ts";

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

export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return c.json(err.body, err.status);
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
