import type { Appointment } from "../../../contract/appointments.ts";
import type { ChangeSubscriber } from "../../appointments/change-events.ts";
import { dropUnsent } from "../../data/client-messages.ts";
import { queueVisitMessages } from "./compose.ts";

/** What the client would notice: another time, stylist or service. A new note or spelling is no news. */
const sameVisit = (a: Appointment, b: Appointment) =>
  a.start_datetime === b.start_datetime &&
  a.end_datetime === b.end_datetime &&
  a.stylist === b.stylist &&
  a.services.map((s) => s.service_id).join() === b.services.map((s) => s.service_id).join();

/**
 * The client hears of a booking, a move or a cancellation exactly when it happened, by SMS and
 * email in their language. A cancelled appointment's messages not sent yet (its reminder) go
 * unsent.
 */
export const confirmations: ChangeSubscriber = async ({ scope, messaging, confirmBy }) => async (change) => {
  if (change.kind === "cancelled") await dropUnsent(scope, change.before.id);
  if (!messaging) return [];
  if (change.kind === "cancelled") return queueVisitMessages(scope, messaging, change.before.id, "cancelled");
  if (change.kind === "changed" && sameVisit(change.before, change.appointment)) return [];
  return queueVisitMessages(scope, messaging, change.appointment.id, change.kind === "booked" ? "booked" : "moved", undefined, confirmBy);
};
