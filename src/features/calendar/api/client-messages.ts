import { useQuery } from "@tanstack/react-query";
import { api, read } from "../../../lib/api-client.ts";
import { appointmentKeys } from "./appointments.ts";

/** What the salon sent (or will send) the client about an appointment; under the appointments' keys, so a change to one refreshes them. */
export const useAppointmentMessages = (appointmentId: string) =>
  useQuery({
    queryKey: [...appointmentKeys.detail(appointmentId), "messages"],
    queryFn: ({ signal }) => read(api.dashboard["client-messages"].$get({ query: { appointment: appointmentId } }, { init: { signal } })),
  });

/** One message's texts as they were written, fetched when the owner opens it. */
export const useMessageTexts = (appointmentId: string, id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...appointmentKeys.detail(appointmentId), "messages", id],
    queryFn: ({ signal }) => read(api.dashboard["client-messages"][":id"].$get({ param: { id } }, { init: { signal } })),
    enabled,
    // What was written does not change.
    staleTime: Infinity,
  });
