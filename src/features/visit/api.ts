import { QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RescheduleInput, UnsubscribeView, VisitView } from "../../../contract/visit.ts";
import { api, ApiRequestError, read } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";

/** A refusal is the answer (a link that does not work, a time taken): asking again changes nothing. */
const retryUnlessRefused = (failures: number, error: unknown) => !(error instanceof ApiRequestError && error.status < 500) && failures < 2;

/** The cache of the client's pages, loaded with them and apart from the dashboard's. */
export const visitQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: retryUnlessRefused, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

const visitKeys = queryKeys("visit");
const unsubscribeKeys = queryKeys("unsubscribe");
const link = (token: string) => ({ param: { token } });

export const useVisit = (token: string) =>
  useQuery({
    queryKey: visitKeys.detail(token),
    queryFn: ({ signal }) => read(api.visit[":token"].$get(link(token), { init: { signal } })),
  });

export const useVisitSlots = (token: string, date: string | null) =>
  useQuery({
    queryKey: [...visitKeys.detail(token), "slots", date],
    queryFn: ({ signal }) => read(api.visit[":token"].slots.$get({ ...link(token), query: { date: date! } }, { init: { signal } })),
    enabled: date !== null,
  });

/** A change answers the visit as it now is, which the page shows at once. */
function useVisitChange<Variables>(token: string, send: (variables: Variables) => Promise<VisitView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (visit) => {
      client.setQueryData(visitKeys.detail(token), visit);
      void client.invalidateQueries({ queryKey: [...visitKeys.detail(token), "slots"] });
    },
  });
}

export const useReschedule = (token: string) =>
  useVisitChange(token, (json: RescheduleInput) => read(api.visit[":token"].reschedule.$post({ ...link(token), json })));

export const useCancelVisit = (token: string) => useVisitChange(token, () => read(api.visit[":token"].cancel.$post(link(token))));

export const useEmailSubscription = (token: string) =>
  useQuery({
    queryKey: unsubscribeKeys.detail(token),
    queryFn: ({ signal }) => read(api.unsubscribe[":token"].$get(link(token), { init: { signal } })),
  });

export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => read(api.unsubscribe[":token"].$post(link(token))),
    onSuccess: (view: UnsubscribeView) => client.setQueryData(unsubscribeKeys.detail(token), view),
  });
}
