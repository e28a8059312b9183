import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AppointmentBody, AppointmentMove } from "../../../../contract/appointments.ts";
import { api, read } from "../../../lib/api-client.ts";
import { clientKeys, queryKeys } from "../../../lib/query-keys.ts";

/** A range of instants, as GET /dashboard/appointments and /dashboard/availability take it. */
export interface InstantRange {
  start_date: string;
  end_date: string;
}

const keys = queryKeys("appointments");

/** TanStack Query keys of the appointments: lists by range, details by id, and free times. */
export const appointmentKeys = {
  ...keys,
  /** Free times change with every booking, so they live under `all` too. */
  free: (query: InstantRange & { duration: number; stylist: string }) => [...keys.all, "free", query] as const,
};

const appointments = api.dashboard.appointments;

/** The booked appointments overlapping the range on screen; the previous range's stay while the next loads. */
export const useAppointments = (range: InstantRange | null) =>
  useQuery({
    queryKey: appointmentKeys.list(range ?? { start_date: "", end_date: "" }),
    queryFn: ({ signal }) => read(appointments.$get({ query: range! }, { init: { signal } })),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });

/** One appointment with its services; the calendar's events usually carry them already. */
export const useAppointment = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: appointmentKeys.detail(id),
    queryFn: ({ signal }) => read(appointments[":id"].$get({ param: { id } }, { init: { signal } })),
    enabled,
  });

/** The next free start times of a stylist for services of `duration` minutes. */
export const useFreeSlots = (query: (InstantRange & { duration: number; stylist: string }) | null) =>
  useQuery({
    queryKey: appointmentKeys.free(query ?? { start_date: "", end_date: "", duration: 0, stylist: "" }),
    queryFn: ({ signal }) =>
      read(api.dashboard.availability.$get({ query: { ...query!, duration: String(query!.duration) } }, { init: { signal } })),
    enabled: query !== null,
  });

/** Creates (no id) or updates an appointment; a clash with another one is a 409 naming it. */
export function useSaveAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body: json }: { id?: string; body: AppointmentBody }) =>
      read(id ? appointments[":id"].$put({ param: { id }, json }) : appointments.$post({ json })),
    onSuccess: () => client.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

/**
 * Moves an appointment (a drag or a resize). The calendar reads its appointments again either
 * way: a refusal because someone changed it meanwhile shows it as it is now.
 */
export function useMoveAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move }: { id: string; move: AppointmentMove }) => read(appointments[":id"].$patch({ param: { id }, json: move })),
    onSettled: () => client.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

export function useDeleteAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => read(appointments[":id"].$delete({ param: { id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

/** Marks a begun appointment as a no-show or clears the mark; the clients' visits and no-shows change with it. */
export function useMarkNoShow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, noShow }: { id: string; noShow: boolean }) =>
      read(appointments[":id"]["no-show"].$put({ param: { id }, json: { no_show: noShow } })),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: appointmentKeys.all }), client.invalidateQueries({ queryKey: clientKeys.all })]),
  });
}
