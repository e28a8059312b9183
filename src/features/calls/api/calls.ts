import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CALLS_PAGE_SIZE, type CallInstructions, type CallList, type CallStats, type ConversationItem, type StatsPeriod } from "../../../../contract/calls.ts";
import { apiFetch } from "../../../lib/api-client.ts";

/** TanStack Query keys of the Calls screen: all / lists() / list(page) / conversation(id) / instructions(id) / stats(period). */
export const callKeys = {
  all: ["calls"] as const,
  lists: () => [...callKeys.all, "list"] as const,
  list: (page: number) => [...callKeys.lists(), page] as const,
  conversation: (id: string) => [...callKeys.all, "conversation", id] as const,
  instructions: (id: string) => [...callKeys.all, "instructions", id] as const,
  stats: (period: StatsPeriod) => [...callKeys.all, "stats", period] as const,
};

/** One page (from 1) of the salon's calls, newest first; the previous page stays on screen while the next loads. */
export const useCallList = (page: number) =>
  useQuery({
    queryKey: callKeys.list(page),
    queryFn: ({ signal }) => apiFetch<CallList>(`/calls/list?limit=${CALLS_PAGE_SIZE}&offset=${(page - 1) * CALLS_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** What was said and done in a call, in order. */
export const useConversation = (id: string | null) =>
  useQuery({
    queryKey: callKeys.conversation(id ?? ""),
    queryFn: ({ signal }) => apiFetch<ConversationItem[]>(`/calls/conversation/${id}`, { signal }),
    enabled: id !== null,
  });

/** The instructions the assistant received in a call: they never change afterwards. */
export const useCallInstructions = (id: string | null) =>
  useQuery({
    queryKey: callKeys.instructions(id ?? ""),
    queryFn: ({ signal }) => apiFetch<CallInstructions>(`/calls/instructions/${id}`, { signal }),
    enabled: id !== null,
    staleTime: Infinity,
  });

export const useCallStats = (period: StatsPeriod) =>
  useQuery({
    queryKey: callKeys.stats(period),
    queryFn: ({ signal }) => apiFetch<CallStats>(`/calls/stats?period=${period}`, { signal }),
  });
