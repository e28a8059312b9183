/**
 * What the data layer refuses, in terms of the domain. The HTTP layer turns each into one
 * `{"detail"}` answer in the caller's language (platform/http/errors.ts); the call engine turns them
 * into words for the speech model. `message` is a catalog id of worker/platform/messages.
 */
export type DataErrorKind = "not_found" | "conflict" | "invalid" | "forbidden" | "gone";

/** A value of a message: text and numbers as they are; instants are shown in `timeZone`. */
export type MessageValue = string | number | { date: Date; timeZone: string } | { time: Date; timeZone: string };

export class DataError extends Error {
  constructor(
    readonly kind: DataErrorKind,
    readonly messageId: string,
    readonly options: {
      /** The request field at fault, for forms that mark it. */
      field?: string;
      /** A stable machine-readable code; defaults per kind. */
      code?: string;
      values?: Record<string, MessageValue>;
      /** More of the answer beside its detail, such as what a conflict found in the way. */
      answer?: Record<string, unknown>;
    } = {},
  ) {
    super(messageId);
  }
}

export const notFound = () => new DataError("not_found", "api.error.notFoundRow", { code: "not_found" });

/** What the person's role in the salon does not allow. */
export const forbidden = (messageId = "team.error.forbidden") => new DataError("forbidden", messageId, { code: "forbidden" });

/** Row-level security refused a write: a role's rule held where a route did not check it. */
export const isPolicyRefusal = (error: unknown) => isViolation(error, "42501");

/** A PostgreSQL error (postgres.js names its fields after the protocol's) of `code`, on `constraint` when given. */
export function isViolation(error: unknown, code: string, constraint?: string): boolean {
  if (typeof error !== "object" || error === null || !("code" in error) || error.code !== code) return false;
  return constraint === undefined || ("constraint_name" in error && error.constraint_name === constraint);
}

/** The exclusion constraint refused a write: two booked appointments of a stylist would overlap. */
export const isOverlap = (error: unknown) => isViolation(error, "23P01");

/**
 * The database could not do a piece of work just now, whatever the work was: it could not be
 * reached or did not answer in time ("unavailable"), or the work collided with another
 * transaction twice in a row ("contention"). Trying again later may well succeed.
 */
export class DatabaseFailure extends Error {
  constructor(
    readonly reason: "unavailable" | "contention",
    options?: { cause?: unknown },
  ) {
    super(`database ${reason}`, options);
  }
}

/**
 * Errors that say the database is out of reach, not that the work was wrong: the driver's
 * own (no connection, connection lost or ended), a lost socket on workerd, and PostgreSQL's
 * connection exceptions (class 08), shutdowns, a server still starting, no free connection
 * slot, and a statement cancelled by statement_timeout.
 */
export function isUnreachable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = "code" in error ? String(error.code) : "";
  if (DRIVER_CONNECTION_CODES.has(code) || SERVER_UNAVAILABLE_CODES.has(code) || code.startsWith("08")) return true;
  return error instanceof Error && [LOST, REFUSED].includes(error.message);
}

const DRIVER_CONNECTION_CODES = new Set(["CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED"]);
const SERVER_UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);

// What workerd's sockets reject with when a connection is cut or refused.
const LOST = "Network connection lost.";
const REFUSED = "proxy request failed, cannot connect to the specified address";

/**
 * Rejections postgres.js's socket for workerd leaves unhandled beside the error it does
 * report through the query: a closed stream's pending read, a cut connection's read (the
 * outage tests kill a database under it) and a refused connection's writer. They say
 * nothing new; the worker tests ignore them by their messages alone.
 */
export const DRIVER_LEFTOVERS: readonly string[] = ["Stream was cancelled.", LOST, REFUSED];

/** PostgreSQL ended the transaction for colliding with another: a deadlock or a serialization failure. */
export const isCollision = (error: unknown) => isViolation(error, "40P01") || isViolation(error, "40001");
