import type { MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import type { AppEnv } from "../../env.ts";
import type { z } from "zod/mini";
import { LIMITS } from "../../../contract/errors.ts";
import { isShallowJson } from "../../../contract/text.ts";
import { ApiError, validationError } from "./errors.ts";

type ValidationContext = Parameters<typeof validationError>[0];

const parseWith =
  <T extends z.ZodMiniType>(schema: T) =>
  (value: unknown, c: ValidationContext): z.output<T> => {
    const result = schema.safeParse(value);
    if (!result.success) throw validationError(c, result.error);
    return result.data;
  };

/**
 * Parses the JSON body with a contract schema; handlers read it with `c.req.valid("json")`.
 * A body nested deeper than any of ours is refused before the schema walks it: the database
 * and JSON.stringify would overflow on what JSON.parse reads without complaint.
 */
export const jsonBody = <T extends z.ZodMiniType>(schema: T) =>
  // Hono types what a client sends as what the validator returns; a client may send the
  // schema's input (defaults left out), which the typed clients (SPA, tests) are held to.
  validator("json", (value: unknown, c: ValidationContext) => {
    if (!isShallowJson(value, LIMITS.bodyDepth)) throw new ApiError(400, { detail: c.var.t("api.error.tooDeep"), code: "too_deep" });
    return parseWith(schema)(value, c);
  }) as MiddlewareHandler<AppEnv, string, { in: { json: z.input<T> }; out: { json: z.output<T> } }>;

/** Parses the query string with a contract schema; handlers read it with `c.req.valid("query")`. */
export const query = <T extends z.ZodMiniType>(schema: T) => validator("query", parseWith(schema));
