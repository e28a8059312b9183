import { useQuery } from "@tanstack/react-query";
import { api, read } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const keys = queryKeys("assistant-models");

/** The models an assistant may run on, with the price of a typical minute; they change only with the Worker's settings. */
export const useModelOffers = () =>
  useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => read(api.dashboard.assistant.models.$get({}, { init: { signal } })),
    staleTime: Infinity,
  });
