import { validator } from "hono/validator";
import type { z } from "zod/mini";
import { validationError } from "./errors.ts";

const parseWith =
  <T extends z.ZodMiniType>(schema: T) =>
  (value: unknown, c: Parameters<typeof validationError>[0]): z.output<T> => {
    const result = schema.safeParse(value);
    if (!result.success) throw validationError(c, result.error);
    return result.data;
  };

/** Parses the JSON body with a contract schema; handlers read it with `c.req.valid("json")`. */
export const jsonBody = <T extends z.ZodMiniType>(schema: T) => validator("json", parseWith(schema));

/** Parses the query string with a contract schema; handlers read it with `c.req.valid("query")`. */
export const query = <T extends z.ZodMiniType>(schema: T) => validator("query", parseWith(schema));
