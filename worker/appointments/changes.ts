import type { Appointment, AppointmentBody, ChangeChannel } from "../../contract/appointments.ts";
import { cancelAppointment, getAppointment, saveAppointment, type SaveOptions } from "../data/appointments.ts";
import type { MessageChannel } from "../../contract/client-messages.ts";
import type { Language } from "../../contract/languages.ts";
import { dropUnsent, rememberClientLanguage } from "../data/client-messages.ts";
import type { TenantScope } from "../data/tenant.ts";
import { appointmentData, listensTo, recordEvent } from "../data/webhooks.ts";
import { queueVisitMessages, type ClientMessaging } from "../clients/messaging/compose.ts";
import { freeTime } from "../clients/outreach/engine.ts";

/**
 * Booking, moving and cancelling an appointment together with the client's confirmation,
 * in one transaction: wherever the change comes from (the dashboard, the receptionist, the
 * client's own link), the client hears of it exactly when it happened. Answers the ids of the
 * messages to send once the transaction has committed. Without `messaging` (the public demo's
 * calls, whose callers' numbers are nobody's to write to) nothing is written.
 *
 * The time a move or a cancellation frees is offered to the clients waiting for one
 * (clients/outreach/engine.ts), in the same transaction: its offers go with the confirmation.
 * `confirmBy` narrows the channels the confirmation goes by, for a client who already has it
 * on one (a YES to an offer text is answered with the booking's details).
 *
 * The salon's webhooks hear of it in the same transaction too: a booking, any change to what
 * an event tells of the appointment, a cancellation.
 */

/** The old time of an appointment moved or cancelled, offered to those waiting. */
const freedBy = async (scope: TenantScope, messaging: ClientMessaging | null, old: Appointment, trigger: "moved" | "cancelled") =>
  old.stylist ? freeTime(scope, messaging, { stylistId: old.stylist, start: new Date(old.start_datetime), end: new Date(old.end_datetime), trigger, freedBy: old.id }) : [];

/** What the client would notice: another time, stylist or service. A new note or spelling is no news. */
const sameVisit = (a: Appointment, b: Appointment) =>
  a.start_datetime === b.start_datetime &&
  a.end_datetime === b.end_datetime &&
  a.stylist === b.stylist &&
  a.services.map((s) => s.service_id).join() === b.services.map((s) => s.service_id).join();

export async function saveAndConfirm(
  scope: TenantScope,
  messaging: ClientMessaging | null,
  body: AppointmentBody,
  options: SaveOptions & { clientLanguage?: Language; confirmBy?: readonly MessageChannel[] } = {},
): Promise<{ appointment: Appointment; queued: string[] }> {
  const before = options.id ? await getAppointment(scope, options.id) : null;
  // Most salons have no webhooks: the appointment is then not read again for an event.
  const listening = await listensTo(scope, [options.id ? "appointment.updated" : "appointment.created"]);
  const told = listening && options.id ? JSON.stringify(await appointmentData(scope, options.id)) : null;
  const appointment = await saveAppointment(scope, body, options);
  if (listening) {
    const now = await appointmentData(scope, appointment.id);
    if (told === null) await recordEvent(scope, "appointment.created", appointment.id, now);
    else if (told !== JSON.stringify(now)) await recordEvent(scope, "appointment.updated", appointment.id, now);
  }
  // The language the client booked in, kept where their record has none, so this message is in it already.
  if (options.clientLanguage) await rememberClientLanguage(scope, appointment.id, options.clientLanguage);
  if (!messaging || (before && sameVisit(before, appointment))) return { appointment, queued: [] };
  const queued = await queueVisitMessages(scope, messaging, appointment.id, before ? "moved" : "booked", undefined, options.confirmBy);
  const moved = before && (before.start_datetime !== appointment.start_datetime || before.stylist !== appointment.stylist);
  const offers = moved ? await freedBy(scope, messaging, before, "moved") : [];
  return { appointment, queued: [...queued, ...offers] };
}

export async function cancelAndConfirm(
  scope: TenantScope,
  messaging: ClientMessaging | null,
  id: string,
  via: ChangeChannel = "dashboard",
): Promise<{ queued: string[] }> {
  const before = await getAppointment(scope, id);
  await cancelAppointment(scope, id, via);
  if (await listensTo(scope, ["appointment.cancelled"])) await recordEvent(scope, "appointment.cancelled", id, await appointmentData(scope, id));
  await dropUnsent(scope, id);
  if (!messaging) return { queued: [] };
  const queued = await queueVisitMessages(scope, messaging, id, "cancelled");
  return { queued: [...queued, ...(await freedBy(scope, messaging, before, "cancelled"))] };
}
