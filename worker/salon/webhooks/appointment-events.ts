import type { WebhookEventType } from "../../../contract/webhooks.ts";
import type { ChangeSubscriber } from "../../appointments/change-events.ts";
import { appointmentData, listensTo, recordEvent } from "../../data/webhooks.ts";

/**
 * The salon's webhooks hear of a booking, of any change to what an event tells of the
 * appointment, and of a cancellation. Most salons have no webhooks: the appointment is then
 * not read again for an event.
 */
export const webhookEvents: ChangeSubscriber = async ({ scope }, intent) => {
  const type: WebhookEventType = intent.kind === "cancel" ? "appointment.cancelled" : intent.id ? "appointment.updated" : "appointment.created";
  if (!(await listensTo(scope, [type]))) return async () => [];
  const told = type === "appointment.updated" ? JSON.stringify(await appointmentData(scope, intent.id!)) : null;
  return async (change) => {
    const subject = change.kind === "cancelled" ? change.before.id : change.appointment.id;
    const now = await appointmentData(scope, subject);
    if (told !== JSON.stringify(now)) await recordEvent(scope, type, subject, now);
    // Deliveries go out from their own outbox, not with the client's messages.
    return [];
  };
};
