import { validator } from "hono/validator";
import type { z } from "zod/mini";
import { validationError } from "./errors.ts";

/** Parses the JSON body with a contract schema; handlers read it with `c.req.valid("json")`. */
export const jsonBody = <T extends z.ZodMiniType>(schema: T) =>
  validator("json", (value, c): z.output<T> => {
    const result = schema.safeParse(value);
    if (!result.success) throw validationError(c, result.error);
    return result.data;
  });
