import { useQuery } from "@tanstack/react-query";
import { api, read } from "../../../lib/api-client.ts";
import { appointmentKeys } from "./appointments.ts";

/** What the salon sent (or will send) the client about an appointment; under the appointments' keys, so a change to one refreshes them. */
export const useAppointmentMessages = (appointmentId: string) =>
  useQuery({
    queryKey: [...appointmentKeys.detail(appointmentId), "messages"],
    queryFn: ({ signal }) => read(api.dashboard["client-messages"].$get({ query: { appointment: appointmentId } }, { init: { signal } })),
  });
