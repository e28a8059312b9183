import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageSettingsBody } from "../../../../contract/client-messages.ts";
import { api, read } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const keys = queryKeys("messageSettings");
const settings = api.dashboard["message-settings"];

// One set of settings per salon, so no id.
export const useMessageSettings = () => useQuery({ queryKey: keys.details(), queryFn: () => read(settings.$get()) });

export function useSaveMessageSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: MessageSettingsBody) => read(settings.$put({ json })),
    onSuccess: (saved) => client.setQueryData(keys.details(), saved),
  });
}
