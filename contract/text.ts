import { z } from "zod/mini";

/**
 * Text as people type it and requests carry it: a form of it for comparing words, and the
 * schema blocks of text fields and of fields sent as JSON text.
 */

/**
 * A word or name folded for comparison without case and accents: "Nováková" and "NOVAKOVA"
 * both read "novakova", "Česko" reads "cesko". NFD splits each accented letter into its base
 * and combining marks, which are then dropped; runs of white space become one space, so
 * the result splits into words.
 */
export const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Optional text: absent, null and blank all become null; otherwise trimmed and bounded, and
 * checked against a pattern or a rule when one is given (its failure reads `error`).
 */
export const optionalText = (max: number, rule?: RegExp | ((text: string) => boolean), error = "validation.tooLong") =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value ?? null)),
    z.nullable(
      z.string({ error }).check(
        z.trim(),
        z.maxLength(max, { error: "validation.tooLong" }),
        ...(rule instanceof RegExp ? [z.regex(rule, { error })] : rule ? [z.refine<string>(rule, { error })] : []),
      ),
    ),
  );

/** Required text, trimmed: blank reads `error`, too long reads validation.tooLong. */
export const requiredText = (max: number, error: string) =>
  z.string({ error }).check(z.trim(), z.minLength(1, { error }), z.maxLength(max, { error: "validation.tooLong" }));

/** The spec lets these fields arrive as JSON strings; a string that is not JSON fails the schema after it. */
export const fromJson = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => {
      if (typeof value !== "string") return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    }),
    schema,
  );
