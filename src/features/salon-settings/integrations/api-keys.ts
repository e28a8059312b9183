import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKeyCreateBody } from "../../../../contract/api-keys.ts";
import { api, read } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const keys = queryKeys("apiKeys");
const apiKeys = api.dashboard["api-keys"];

/** The salon's API keys, unrevoked first. */
export const useApiKeys = () => useQuery({ queryKey: keys.lists(), queryFn: () => read(apiKeys.$get()) });

/** Creates a key (the answer holds it this once) or revokes one; the list is read again after either. */
export function useApiKeyActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.lists() });
  return {
    create: useMutation({ mutationFn: (json: ApiKeyCreateBody) => read(apiKeys.$post({ json })), onSuccess: refresh }),
    revoke: useMutation({ mutationFn: (id: string) => read(apiKeys[":id"].revoke.$post({ param: { id } })), onSuccess: refresh }),
  };
}
