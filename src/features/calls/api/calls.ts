import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { CALLS_PAGE_SIZE, type StatsPeriod } from "../../../../contract/calls.ts";
import { api, read } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { filterQuery, type CallFilter } from "../filter.ts";
import { awaitingSummary } from "../format.ts";

/** A summary being written is asked for every 5 seconds, 24 times at most: two minutes. */
const SUMMARY_POLL_MS = 5_000;
const SUMMARY_POLLS = 24;

const keys = queryKeys("calls");

/** TanStack Query keys of the Calls screen: pages of the list, one call, a call's conversation and instructions, a period's stats. */
export const callKeys = {
  ...keys,
  conversation: (id: string) => [...keys.all, "conversation", id] as const,
  instructions: (id: string) => [...keys.all, "instructions", id] as const,
  stats: (period: StatsPeriod) => [...keys.all, "stats", period] as const,
};

/** One page (from 1) of the salon's calls that pass the filter, newest first; the previous page stays on screen while the next loads. */
export const useCallList = (page: number, filter: CallFilter) =>
  useQuery({
    queryKey: callKeys.list({ page, filter }),
    queryFn: ({ signal }) =>
      read(
        api.calls.list.$get(
          { query: { limit: String(CALLS_PAGE_SIZE), offset: String((page - 1) * CALLS_PAGE_SIZE), ...filterQuery(filter) } },
          { init: { signal } },
        ),
      ),
    placeholderData: keepPreviousData,
  });

/**
 * One call, when the list cannot give it: one opened by its address that is not on the page,
 * or one whose summary is being written, asked for again until it is there. Once it is, the
 * pages are read again, as the summary may mark the call for a follow-up.
 */
export function useCall(id: string | null, enabled: boolean) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: callKeys.detail(id ?? ""),
    queryFn: ({ signal }) => read(api.calls[":id"].$get({ param: { id: id! } }, { init: { signal } })),
    enabled: enabled && id !== null,
    refetchInterval: (current) =>
      current.state.data && awaitingSummary(current.state.data) && current.state.dataUpdateCount <= SUMMARY_POLLS ? SUMMARY_POLL_MS : false,
  });
  const state = query.data?.summary_state;
  const previous = useRef({ id, state });
  useEffect(() => {
    const before = previous.current;
    if (before.id === id && before.state === "pending" && state !== "pending") void client.invalidateQueries({ queryKey: callKeys.lists() });
    previous.current = { id, state };
  }, [id, state, client]);
  return query;
}

/** What was said and done in a call, in order. */
export const useConversation = (id: string | null) =>
  useQuery({
    queryKey: callKeys.conversation(id ?? ""),
    queryFn: ({ signal }) => read(api.calls.conversation[":id"].$get({ param: { id: id! } }, { init: { signal } })),
    enabled: id !== null,
  });

/** The instructions the assistant received in a call: they never change afterwards. */
export const useCallInstructions = (id: string | null) =>
  useQuery({
    queryKey: callKeys.instructions(id ?? ""),
    queryFn: ({ signal }) => read(api.calls.instructions[":id"].$get({ param: { id: id! } }, { init: { signal } })),
    enabled: id !== null,
    staleTime: Infinity,
  });

export const useCallStats = (period: StatsPeriod) =>
  useQuery({
    queryKey: callKeys.stats(period),
    queryFn: ({ signal }) => read(api.calls.stats.$get({ query: { period } }, { init: { signal } })),
  });
