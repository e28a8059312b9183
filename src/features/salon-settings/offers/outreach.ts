import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OutreachSettingsBody } from "../../../../contract/outreach.ts";
import { api, read } from "../../../lib/api-client.ts";
import { outreachSettingsKeys } from "../../../lib/salon-data/outreach-settings.ts";

export { useOutreachSettings } from "../../../lib/salon-data/outreach-settings.ts";

export function useSaveOutreachSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: OutreachSettingsBody) => read(api.dashboard.outreach.settings.$put({ json })),
    onSuccess: (saved) => client.setQueryData(outreachSettingsKeys.details(), saved),
  });
}
