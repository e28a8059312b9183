import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CLIENT_LIMITS, type ClientUpdate } from "../../../../contract/clients.ts";
import { api, read } from "../../../lib/api-client.ts";
import { clientKeys } from "../../../lib/query-keys.ts";

const clients = api.dashboard.clients;

/** The clients a search finds (all of them for an empty one), a page at a time as "Show more" asks. */
export const useClientList = (q: string) =>
  useInfiniteQuery({
    queryKey: clientKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      read(clients.$get({ query: { q, limit: String(CLIENT_LIMITS.pageSize), offset: String(pageParam) } }, { init: { signal } })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.more ? pages.length * CLIENT_LIMITS.pageSize : undefined),
    // The previous search's results stay while the next one's load, so the list does not flash empty as one types.
    placeholderData: keepPreviousData,
  });

/** A client's page: their details, appointments and calls. */
export const useClient = (id: string | null) =>
  useQuery({
    queryKey: clientKeys.detail(id ?? ""),
    queryFn: ({ signal }) => read(clients[":id"].$get({ param: { id: id! } }, { init: { signal } })),
    enabled: id !== null,
  });

/** Every change reaches the list and the pages: a merge or erasure changes more than one client. */
function useRefreshClients() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: clientKeys.all });
}

export function useUpdateClient(id: string) {
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: (json: ClientUpdate) => read(clients[":id"].$put({ param: { id }, json })),
    onSuccess: refresh,
  });
}

export function useEraseClient() {
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: (id: string) => read(clients[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}

/** Folds `other` into `id`; the answer is the client that stays. */
export function useMergeClients() {
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: ({ id, other }: { id: string; other: string }) => read(clients[":id"].merge.$post({ param: { id }, json: { other } })),
    onSuccess: refresh,
  });
}

/**
 * Downloads the CSV export. A plain link would not carry the session's token, so the file is
 * fetched through the signed-in client and handed to the browser as a Blob.
 */
export async function downloadClientExport(fileName: string): Promise<void> {
  const response = await clients["export.csv"].$get();
  if (!response.ok) await read(Promise.resolve(response));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
