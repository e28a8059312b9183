import type { IntlShape } from "react-intl";
import type { z } from "zod/mini";
import { ApiRequestError, errorDetail } from "./api-client.ts";

/** Messages keyed by field path as the contract names it: "first_name", "working_hours.2.afternoon_start". */
export type FieldErrors = Record<string, string>;

/** A path is under a field when it is the field or one inside it: "time_off.0.end_date" is under "time_off" and "time_off.0". */
export const isUnder = (path: string, field: string) => path === field || path.startsWith(`${field}.`);

/** The messages of a group of fields (a day's times, a service line), each once. */
export const messagesUnder = (errors: FieldErrors, field: string) => [
  ...new Set(Object.entries(errors).flatMap(([path, message]) => (isUnder(path, field) ? [message] : []))),
];

/** The first message per field path; the contract's messages are catalog ids. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[], intl: IntlShape): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    errors[issue.path.join(".")] ??= intl.formatMessage({ id: issue.message });
  }
  return errors;
}

/**
 * The toast text of a failed change: a conflict or validation answer explains itself
 * (e.g. "this stylist still has appointments"), anything else gets the spec's text.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && (error.status === 409 || error.status === 422) ? errorDetail(error, fallback) : fallback;
}

/**
 * The toast text of a failed save whose sentence takes the server's reason when it gave one
 * ("… could not be saved: {detail}"), and stands alone when it did not.
 */
export function failedSaveText(intl: IntlShape, error: unknown, ids: { plain: string; withDetail: string }): string {
  const detail = errorDetail(error, "");
  return detail ? intl.formatMessage({ id: ids.withDetail }, { detail }) : intl.formatMessage({ id: ids.plain });
}
