import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OutreachLog, WaitlistEntry, WaitlistEntryBody, WaitlistStatus } from "../../../../contract/outreach.ts";
import { api, read } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The waitlist's entries by status, and the outreach log. */
const waitlistKeys = queryKeys("waitlist");
const logKeys = queryKeys("outreachLog");

const waitlist = api.dashboard.waitlist;

/** The entries of one status: those waiting in the order they joined. */
export const useWaitlist = (status: WaitlistStatus) =>
  useQuery({
    queryKey: waitlistKeys.list(status),
    queryFn: async ({ signal }): Promise<WaitlistEntry[]> => read(waitlist.$get({ query: { status } }, { init: { signal } })),
  });

/** Adds an entry (no id) or changes one; every status's list may change. */
export function useSaveEntry(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: WaitlistEntryBody): Promise<WaitlistEntry> =>
      id ? read(waitlist[":id"].$put({ param: { id }, json })) : read(waitlist.$post({ json })),
    onSuccess: () => client.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}

export function useRemoveEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => read(waitlist[":id"].$delete({ param: { id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}

/** The freed times offered, newest first, a page at a time as "Show older" asks. */
export const useOutreachLog = () =>
  useInfiniteQuery({
    queryKey: logKeys.lists(),
    queryFn: async ({ pageParam, signal }): Promise<OutreachLog> =>
      read(api.dashboard.outreach.log.$get({ query: pageParam ? { before: pageParam } : {} }, { init: { signal } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
