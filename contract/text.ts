import { z } from "zod/mini";
import { EMAIL_PATTERN } from "./email.ts";
import { LIMITS } from "./errors.ts";

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
 * What text may not hold: control characters other than tab and line breaks (NUL cannot be
 * stored at all, the others are invisible), and halves of surrogate pairs, which UTF-8
 * cannot carry. With the u flag the surrogate range matches only a half without its pair.
 */
const UNSTORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDFFF]/u;

export const isPlainText = (text: string) => !UNSTORABLE.test(text);

/** The check every text of a request passes; its failure reads `error`. */
export const plainText = (error = "validation.text.unstorable") => z.refine<string>(isPlainText, { error });

/**
 * Optional text: absent, null and blank all become null; otherwise trimmed, bounded and plain,
 * and checked against a pattern or a rule when one is given (its failure reads `error`).
 */
export const optionalText = (max: number, rule?: RegExp | ((text: string) => boolean), error = "validation.tooLong") =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value ?? null)),
    z.nullable(
      z.string({ error }).check(
        z.trim(),
        z.maxLength(max, { error: "validation.tooLong" }),
        plainText(),
        ...(rule instanceof RegExp ? [z.regex(rule, { error })] : rule ? [z.refine<string>(rule, { error })] : []),
      ),
    ),
  );

/** Required text, trimmed and plain: blank reads `error`, too long reads validation.tooLong. */
export const requiredText = (max: number, error: string) =>
  z.string({ error }).check(z.trim(), z.minLength(1, { error }), z.maxLength(max, { error: "validation.tooLong" }), plainText());

/** An email address, trimmed and lower-cased: empty reads `required`, anything else amiss reads `invalid`. */
export const emailText = (invalid: string, required = invalid) =>
  z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, { error: required }),
    z.maxLength(LIMITS.emailLength, { error: invalid }),
    z.regex(EMAIL_PATTERN, { error: invalid }),
    plainText(invalid),
    z.toLowerCase(),
  );

/**
 * Whether JSON read from a request keeps within `maxDepth` levels of objects and lists and
 * holds only plain text (keys included), so PostgreSQL can store it as jsonb. Walked without
 * recursion: the depth it checks is the attacker's choice.
 */
export const isStorableJson = (value: unknown, maxDepth: number) => everyNode(value, maxDepth, isPlainText);

/** Whether JSON keeps within `maxDepth` levels of objects and lists. */
export const isShallowJson = (value: unknown, maxDepth: number) => everyNode(value, maxDepth, () => true);

function everyNode(value: unknown, maxDepth: number, textIsFine: (text: string) => boolean): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node === "string" && !textIsFine(node)) return false;
    if (typeof node !== "object" || node === null) continue;
    if (depth === maxDepth) return false;
    for (const [key, item] of Object.entries(node)) {
      if (!textIsFine(key)) return false;
      pending.push([item, depth + 1]);
    }
  }
  return true;
}

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
