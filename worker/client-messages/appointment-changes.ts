import type { Appointment, AppointmentBody } from "../../contract/appointments.ts";
import { cancelAppointment, getAppointment, saveAppointment, type SaveOptions } from "../data/appointments.ts";
import type { Language } from "../../contract/languages.ts";
import { dropUnsent, rememberClientLanguage } from "../data/client-messages.ts";
import type { TenantScope } from "../data/tenant.ts";
import { queueVisitMessages, type ClientMessaging } from "./compose.ts";

/**
 * Booking, moving and cancelling an appointment together with the client's confirmation,
 * in one transaction: wherever the change comes from (the dashboard, the receptionist, the
 * client's own link), the client hears of it exactly when it happened. Answers the ids of the
 * messages to send once the transaction has committed. Without `messaging` (the public demo's
 * calls, whose callers' numbers are nobody's to write to) nothing is written.
 */

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
  options: SaveOptions & { clientLanguage?: Language } = {},
): Promise<{ appointment: Appointment; queued: string[] }> {
  const before = options.id ? await getAppointment(scope, options.id) : null;
  const appointment = await saveAppointment(scope, body, options);
  // The language the client booked in, kept where their record has none, so this message is in it already.
  if (options.clientLanguage) await rememberClientLanguage(scope, appointment.id, options.clientLanguage);
  if (!messaging || (before && sameVisit(before, appointment))) return { appointment, queued: [] };
  const queued = await queueVisitMessages(scope, messaging, appointment.id, before ? "moved" : "booked");
  return { appointment, queued };
}

export async function cancelAndConfirm(scope: TenantScope, messaging: ClientMessaging | null, id: string): Promise<{ queued: string[] }> {
  await cancelAppointment(scope, id);
  await dropUnsent(scope, id);
  return { queued: messaging ? await queueVisitMessages(scope, messaging, id, "cancelled") : [] };
}
