import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StylistCalendar } from "../../../../contract/stylist-calendars.ts";
import { api, read } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const keys = queryKeys("stylistCalendars");
const calendars = api.dashboard["stylist-calendars"];

/** The salon's linked calendars, one per stylist at most. */
export const useStylistCalendars = () => useQuery({ queryKey: keys.lists(), queryFn: () => read(calendars.$get()) });

/** Links, reads now or unlinks one stylist's calendar; each answer replaces that stylist's entry in the list. */
export function useStylistCalendarActions(stylistId: string) {
  const client = useQueryClient();
  const one = calendars[":stylistId"];
  const param = { stylistId };
  const put = (saved: StylistCalendar | null) =>
    client.setQueryData<StylistCalendar[]>(keys.lists(), (list = []) => [...list.filter((entry) => entry.stylist !== stylistId), ...(saved ? [saved] : [])]);
  return {
    link: useMutation({ mutationFn: (url: string) => read(one.$put({ param, json: { url } })), onSuccess: put }),
    readNow: useMutation({ mutationFn: () => read(one.sync.$post({ param })), onSuccess: put }),
    unlink: useMutation({ mutationFn: () => read(one.$delete({ param })), onSuccess: () => put(null) }),
  };
}
