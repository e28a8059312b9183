import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SalonBody } from "../../../contract/salon.ts";
import { api, read } from "../api-client.ts";
import { salonKeys } from "./query-keys.ts";

const salon = api.dashboard.salon;

export const useSalon = () => useQuery({ queryKey: salonKeys.detail(), queryFn: () => read(salon.$get()) });

export function useSaveSalon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: SalonBody) => read(salon.$put({ json })),
    onSuccess: (saved) => client.setQueryData(salonKeys.detail(), saved),
  });
}
