import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CALLS_PAGE_SIZE, type StatsPeriod } from "../../../../contract/calls.ts";
import { api, read } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const keys = queryKeys("calls");

/** TanStack Query keys of the Calls screen: pages of the list, a call's conversation and instructions, a period's stats. */
export const callKeys = {
  ...keys,
  conversation: (id: string) => [...keys.all, "conversation", id] as const,
  instructions: (id: string) => [...keys.all, "instructions", id] as const,
  stats: (period: StatsPeriod) => [...keys.all, "stats", period] as const,
};

/** One page (from 1) of the salon's calls, newest first; the previous page stays on screen while the next loads. */
export const useCallList = (page: number) =>
  useQuery({
    queryKey: callKeys.list(page),
    queryFn: ({ signal }) =>
      read(api.calls.list.$get({ query: { limit: String(CALLS_PAGE_SIZE), offset: String((page - 1) * CALLS_PAGE_SIZE) } }, { init: { signal } })),
    placeholderData: keepPreviousData,
  });

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
