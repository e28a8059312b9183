import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BookingSettingsBody } from "../../../../contract/booking-page.ts";
import { api, read } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const keys = queryKeys("bookingSettings");
const settings = api.dashboard["booking-page"];

// One page per salon, so no id.
export const useBookingSettings = () => useQuery({ queryKey: keys.details(), queryFn: () => read(settings.$get()) });

export function useSaveBookingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: BookingSettingsBody) => read(settings.$put({ json })),
    onSuccess: (saved) => client.setQueryData(keys.details(), saved),
  });
}
