import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import type { ClientResponse } from "hono/client";
import type { StatusCode } from "hono/utils/http-status";
import { read } from "../api-client.ts";

/** How one dashboard resource is listed and changed. */
interface Endpoints<Item, Body> {
  list: () => Promise<Item[]>;
  create: (body: Body) => Promise<Item>;
  update: (id: string, body: Body) => Promise<Item>;
  remove: (id: string) => Promise<unknown>;
}

type Json<T> = ClientResponse<T, StatusCode, "json">;

/** The usual routes of a resource in the typed client: list and create at its root, update and delete at /:id. */
interface RestRoutes<Item, Body> {
  $get: () => Promise<Json<Item[]>>;
  $post: (args: { json: Body }) => Promise<Json<Item>>;
  ":id": {
    $put: (args: { param: { id: string }; json: Body }) => Promise<Json<Item>>;
    $delete: (args: { param: { id: string } }) => Promise<ClientResponse<unknown>>;
  };
}

/** The endpoints of a resource whose routes take the usual shape; its types come from those routes. */
export const restEndpoints = <Item, Body>(routes: RestRoutes<Item, Body>): Endpoints<Item, Body> => ({
  list: () => read(routes.$get()),
  create: (json) => read(routes.$post({ json })),
  update: (id, json) => read(routes[":id"].$put({ param: { id }, json })),
  remove: (id) => read(routes[":id"].$delete({ param: { id } })),
});

/**
 * List, create, update and delete of one dashboard resource; every change refreshes the
 * list, and the lists it `affects` (e.g. a deleted assistant's phone numbers, which then
 * ring none). Stylists, services, assistants and phone numbers use it.
 */
export function resourceHooks<Item, Body>(endpoints: Endpoints<Item, Body>, keys: { all: QueryKey; lists: () => QueryKey }, affects: QueryKey[] = []) {
  const refresh = (client: QueryClient) => Promise.all([keys.all, ...affects].map((queryKey) => client.invalidateQueries({ queryKey })));
  return {
    /** `refetchInterval` keeps a list that changes by itself (a number being verified) fresh. */
    useList: (options: Pick<UseQueryOptions<Item[], Error, Item[], QueryKey>, "refetchInterval"> = {}) =>
      useQuery({ queryKey: keys.lists(), queryFn: endpoints.list, ...options }),
    useSave: () => {
      const client = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body }: { id?: string; body: Body }) => (id ? endpoints.update(id, body) : endpoints.create(body)),
        onSuccess: () => refresh(client),
      });
    },
    useDelete: () => {
      const client = useQueryClient();
      return useMutation({ mutationFn: endpoints.remove, onSuccess: () => refresh(client) });
    },
  };
}
