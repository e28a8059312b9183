import { CALL_OUTCOMES, type CallOutcome } from "../../../contract/calls.ts";

/** What the history lists: every call, the calls to get back to, or one outcome's. */
export type CallFilter = "all" | "follow_up" | CallOutcome;

export const CALL_FILTERS: readonly CallFilter[] = ["all", "follow_up", ...CALL_OUTCOMES];

/** The filter an address names (?outcome=booked, ?follow_up=1); anything else lists every call. */
export function filterOf(params: URLSearchParams): CallFilter {
  if (params.get("follow_up") === "1") return "follow_up";
  return CALL_OUTCOMES.find((outcome) => outcome === params.get("outcome")) ?? "all";
}

/** The address with `filter` in place of the one before. */
export function withFilter(params: URLSearchParams, filter: CallFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("outcome");
  next.delete("follow_up");
  if (filter === "follow_up") next.set("follow_up", "1");
  else if (filter !== "all") next.set("outcome", filter);
  return next;
}

/** The list request's filter fields: none for every call. */
export function filterQuery(filter: CallFilter): { outcome?: CallOutcome; follow_up?: "true" } {
  if (filter === "all") return {};
  return filter === "follow_up" ? { follow_up: "true" } : { outcome: filter };
}
