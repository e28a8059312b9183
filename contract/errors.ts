// zod/mini keeps the public pages light; its checks are the same as full zod's.
import { z } from "zod/mini";

/** The body of every non-2xx answer of the API. `detail` is written for people. */
export interface ErrorBody {
  detail: string;
  code?: string;
  /** Per-field messages for validation errors, keyed by the request field. */
  fields?: Record<string, string>;
}

/** Limits shared by the API and the forms that feed it. */
export const LIMITS = {
  bodyBytes: 64 * 1024,
  /** Levels of objects and lists a JSON body may nest; the deepest field of ours needs a handful. */
  bodyDepth: 16,
  emailLength: 254,
  messageLength: 5000,
} as const;

/** A JSON object body; anything else (null, an array, a string) gets one clear message. */
export const requestBody = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.object(shape, { error: "api.error.bodyObject" });
