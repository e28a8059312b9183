import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Salon, SalonInput } from "../../../contract/salon.ts";
import { apiFetch } from "../api-client.ts";
import { salonKeys } from "./query-keys.ts";

export const useSalon = () => useQuery({ queryKey: salonKeys.detail(), queryFn: () => apiFetch<Salon>("/dashboard/salon") });

export function useSaveSalon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SalonInput) => apiFetch<Salon>("/dashboard/salon", { method: "PUT", body }),
    onSuccess: (salon) => client.setQueryData(salonKeys.detail(), salon),
  });
}
