import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Appointment, AppointmentInput, FreeSlot } from "../../../../contract/appointments.ts";
import { apiFetch } from "../../../lib/api-client.ts";

/** A range of instants, as GET /dashboard/appointments and /dashboard/availability take it. */
export interface InstantRange {
  start_date: string;
  end_date: string;
}

/** TanStack Query keys of the appointments: all / lists() / list(range) / detail(id). */
export const appointmentKeys = {
  all: ["appointments"] as const,
  lists: () => [...appointmentKeys.all, "list"] as const,
  list: (range: InstantRange) => [...appointmentKeys.lists(), range] as const,
  details: () => [...appointmentKeys.all, "detail"] as const,
  detail: (id: string) => [...appointmentKeys.details(), id] as const,
  /** Free times change with every booking, so they live under `all` too. */
  free: (query: InstantRange & { duration: number; stylist: string }) => [...appointmentKeys.all, "free", query] as const,
};

const rangeQuery = (range: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(range).map(([key, value]) => [key, String(value)])).toString();

/** The booked appointments overlapping the range on screen; the previous range's stay while the next loads. */
export const useAppointments = (range: InstantRange | null) =>
  useQuery({
    queryKey: appointmentKeys.list(range ?? { start_date: "", end_date: "" }),
    queryFn: ({ signal }) => apiFetch<Appointment[]>(`/dashboard/appointments?${rangeQuery({ ...range! })}`, { signal }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });

/** One appointment with its services; the calendar's events usually carry them already. */
export const useAppointment = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: appointmentKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<Appointment>(`/dashboard/appointments/${id}`, { signal }),
    enabled,
  });

/** The next free start times of a stylist for services of `duration` minutes. */
export const useFreeSlots = (query: (InstantRange & { duration: number; stylist: string }) | null) =>
  useQuery({
    queryKey: appointmentKeys.free(query ?? { start_date: "", end_date: "", duration: 0, stylist: "" }),
    queryFn: ({ signal }) => apiFetch<FreeSlot[]>(`/dashboard/availability?${rangeQuery({ ...query! })}`, { signal }),
    enabled: query !== null,
  });

/** Creates (no id) or updates an appointment; a clash with another one is a 409 naming it. */
export function useSaveAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AppointmentInput }) =>
      apiFetch<Appointment>(id ? `/dashboard/appointments/${id}` : "/dashboard/appointments", { method: id ? "PUT" : "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

export function useDeleteAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/dashboard/appointments/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}
