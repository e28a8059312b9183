import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, read } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const keys = queryKeys("calendarFeeds");
const feeds = api.dashboard["calendar-feeds"];

export const useCalendarFeeds = () => useQuery({ queryKey: keys.all, queryFn: () => read(feeds.$get()) });

/** Makes a feed, or gives it a new address; no stylist is the salon's feed. */
export function useRenewCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (stylistId: string | null) => read(feeds.$post({ json: { stylist_id: stylistId } })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useRevokeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => read(feeds[":id"].$delete({ param: { id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
