import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { apiFetch } from "../api-client.ts";

interface ResourceOptions {
  /** Where the list is read when that is not `path`: the spec lists assistants at assistant/configs. */
  listPath?: string;
  /** Other lists a change alters, e.g. a deleted assistant's phone numbers, which then ring none. */
  affects?: QueryKey[];
}

/**
 * List, create, update and delete of one dashboard resource (`/dashboard/<path>`); every
 * change refreshes the list, and the lists it affects. Stylists, services, assistants and
 * phone numbers use it.
 */
export function resourceHooks<Item extends { id: string }, Input>(
  path: string,
  keys: { all: QueryKey; lists: () => QueryKey },
  { listPath = path, affects = [] }: ResourceOptions = {},
) {
  const refresh = (client: QueryClient) => Promise.all([keys.all, ...affects].map((queryKey) => client.invalidateQueries({ queryKey })));
  return {
    useList: () => useQuery({ queryKey: keys.lists(), queryFn: () => apiFetch<Item[]>(`/dashboard/${listPath}`) }),
    useSave: () => {
      const client = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body }: { id?: string; body: Input }) =>
          apiFetch<Item>(id ? `/dashboard/${path}/${id}` : `/dashboard/${path}`, { method: id ? "PUT" : "POST", body }),
        onSuccess: () => refresh(client),
      });
    },
    useDelete: () => {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => apiFetch<void>(`/dashboard/${path}/${id}`, { method: "DELETE" }),
        onSuccess: () => refresh(client),
      });
    },
  };
}
