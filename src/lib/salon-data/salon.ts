import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SalonBody } from "../../../contract/salon.ts";
import { api, read } from "../api-client.ts";
import { salonKeys } from "./query-keys.ts";

const salon = api.dashboard.salon;

// An owner has one salon, so its details need no id.
export const useSalon = () => useQuery({ queryKey: salonKeys.details(), queryFn: () => read(salon.$get()) });

export function useSaveSalon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: SalonBody) => read(salon.$put({ json })),
    onSuccess: (saved) => client.setQueryData(salonKeys.details(), saved),
  });
}
