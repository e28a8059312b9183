import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ScheduleBody } from "../../../../contract/salon.ts";
import { api, read } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { stylistKeys } from "../../../lib/salon-data/query-keys.ts";

const keys = queryKeys("mySchedule");
const schedule = api.dashboard["my-schedule"];

/** A stylist member's own record: their week and days off. */
export const useMySchedule = () => useQuery({ queryKey: keys.all, queryFn: () => read(schedule.$get()) });

/** Saves the week and days off; the calendar's shading reads the stylists again. */
export function useSaveMySchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: ScheduleBody) => read(schedule.$put({ json })),
    onSuccess: (saved) => {
      client.setQueryData(keys.all, saved);
      return client.invalidateQueries({ queryKey: stylistKeys.all });
    },
  });
}
