import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";

/** How one dashboard resource is listed and changed, through the typed client. */
interface Endpoints<Item, Input> {
  list: () => Promise<Item[]>;
  create: (body: Input) => Promise<Item>;
  update: (id: string, body: Input) => Promise<Item>;
  remove: (id: string) => Promise<unknown>;
}

/**
 * List, create, update and delete of one dashboard resource; every change refreshes the
 * list, and the lists it `affects` (e.g. a deleted assistant's phone numbers, which then
 * ring none). Stylists, services, assistants and phone numbers use it.
 */
export function resourceHooks<Item, Input>(
  endpoints: Endpoints<Item, Input>,
  keys: { all: QueryKey; lists: () => QueryKey },
  affects: QueryKey[] = [],
) {
  const refresh = (client: QueryClient) => Promise.all([keys.all, ...affects].map((queryKey) => client.invalidateQueries({ queryKey })));
  return {
    useList: () => useQuery({ queryKey: keys.lists(), queryFn: endpoints.list }),
    useSave: () => {
      const client = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body }: { id?: string; body: Input }) => (id ? endpoints.update(id, body) : endpoints.create(body)),
        onSuccess: () => refresh(client),
      });
    },
    useDelete: () => {
      const client = useQueryClient();
      return useMutation({ mutationFn: endpoints.remove, onSuccess: () => refresh(client) });
    },
  };
}
