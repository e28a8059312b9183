import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";

/**
 * List, create, update and delete of one dashboard resource (`/dashboard/<path>`); every
 * change refreshes the list. Stylists and services both use it.
 */
export function resourceHooks<Item extends { id: string }, Input>(path: string, keys: { all: QueryKey; lists: () => QueryKey }) {
  return {
    useList: () => useQuery({ queryKey: keys.lists(), queryFn: () => apiFetch<Item[]>(`/dashboard/${path}`) }),
    useSave: () => {
      const client = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body }: { id?: string; body: Input }) =>
          apiFetch<Item>(id ? `/dashboard/${path}/${id}` : `/dashboard/${path}`, { method: id ? "PUT" : "POST", body }),
        onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
      });
    },
    useDelete: () => {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => apiFetch<void>(`/dashboard/${path}/${id}`, { method: "DELETE" }),
        onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
      });
    },
  };
}
