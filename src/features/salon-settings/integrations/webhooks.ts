import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WebhookCreateBody, WebhookDeliveryPage, WebhookUpdateBody } from "../../../../contract/webhooks.ts";
import { api, read } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const keys = queryKeys("webhooks");
const webhooks = api.dashboard.webhooks;

/** The salon's webhook endpoints, oldest first, each with its latest delivery. */
export const useWebhooks = () => useQuery({ queryKey: keys.lists(), queryFn: () => read(webhooks.$get()) });

/** An endpoint's deliveries, newest first, a page at a time; read while `enabled` (its log is open). */
export const useWebhookDeliveries = (id: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...keys.detail(id), "deliveries"],
    queryFn: ({ pageParam, signal }): Promise<WebhookDeliveryPage> =>
      read(webhooks[":id"].deliveries.$get({ param: { id }, query: { offset: String(pageParam) } }, { init: { signal } })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    enabled,
  });

/**
 * What the owner does to endpoints. Every change reads the list again, as its latest delivery
 * may have moved; a test event also refreshes that endpoint's log.
 */
export function useWebhookActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.all });
  return {
    create: useMutation({ mutationFn: (json: WebhookCreateBody) => read(webhooks.$post({ json })), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, json }: { id: string; json: WebhookUpdateBody }) => read(webhooks[":id"].$patch({ param: { id }, json })), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => read(webhooks[":id"].$delete({ param: { id } })), onSuccess: refresh }),
    replaceSecret: useMutation({ mutationFn: (id: string) => read(webhooks[":id"].secret.$post({ param: { id } })), onSuccess: refresh }),
    test: useMutation({ mutationFn: (id: string) => read(webhooks[":id"].test.$post({ param: { id } })), onSuccess: refresh }),
  };
}
