import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, read } from "../../../lib/api-client.ts";
import { outreachSettingsKeys } from "../../../lib/salon-data/outreach-settings.ts";

/** Offers a day's free times to waiting clients now. */
export function useFillGaps() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => read(api.dashboard.outreach["fill-gaps"].$post({ json: { date } })),
    // Refused because outreach was switched off elsewhere: the button learns it.
    onError: () => client.invalidateQueries({ queryKey: outreachSettingsKeys.all }),
  });
}
