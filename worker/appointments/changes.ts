import type { Appointment, AppointmentBody, AppointmentMove, ChangeChannel } from "../../contract/appointments.ts";
import type { MessageChannel } from "../../contract/client-messages.ts";
import type { Language } from "../../contract/languages.ts";
import type { ClientMessaging } from "../clients/messaging/compose.ts";
import { cancelAppointment, getAppointment, moveAppointment, saveAppointment, type SaveOptions } from "../data/appointments.ts";
import { rememberClientLanguage } from "../data/client-messages.ts";
import type { TenantScope } from "../data/tenant.ts";
import type { ChangeEvent, ChangeContext, ChangeIntent } from "./change-events.ts";
import { CHANGE_SUBSCRIBERS } from "./subscribers.ts";

/**
 * The one way anything books, moves or cancels an appointment: the dashboard, the
 * receptionist, the client's own link, the booking page and an accepted offer all come here.
 * What follows from a change (subscribers.ts) is written in the same transaction, so the
 * client hears of it exactly when it happened. Answers the ids of the messages to send once
 * the transaction has committed. Without `messaging` (the public demo's calls, whose callers'
 * numbers are nobody's to write to) no client is written to.
 */

/** Runs the subscribers around the write: each reads what it needs first, then writes its part in order. */
async function withSubscribers<T>(context: ChangeContext, intent: ChangeIntent, write: () => Promise<[T, ChangeEvent]>): Promise<[T, string[]]> {
  const after = [];
  for (const subscriber of CHANGE_SUBSCRIBERS) after.push(await subscriber(context, intent));
  const [result, change] = await write();
  const queued: string[] = [];
  for (const tell of after) queued.push(...(await tell(change)));
  return [result, queued];
}

export async function saveAndConfirm(
  scope: TenantScope,
  messaging: ClientMessaging | null,
  body: AppointmentBody,
  options: SaveOptions & { clientLanguage?: Language; confirmBy?: readonly MessageChannel[] } = {},
): Promise<{ appointment: Appointment; queued: string[] }> {
  const id = options.id ?? null;
  // Read first: an appointment that is not there is refused before anything else reads it.
  const before = id ? await getAppointment(scope, id) : null;
  const [appointment, queued] = await withSubscribers({ scope, messaging, confirmBy: options.confirmBy }, { kind: "save", id }, async () => {
    const saved = await saveAppointment(scope, body, options);
    // The language the client booked in, kept where their record has none, so the confirmation is in it already.
    if (options.clientLanguage) await rememberClientLanguage(scope, saved.id, options.clientLanguage);
    return [saved, before ? { kind: "changed", before, appointment: saved } : { kind: "booked", appointment: saved }];
  });
  return { appointment, queued };
}

/**
 * A move to another stylist or time, made on the version it was read at; the rest stays as it
 * is. A client moving their own visit names the language they did it in (see saveAndConfirm).
 */
export async function moveAndConfirm(
  scope: TenantScope,
  messaging: ClientMessaging | null,
  id: string,
  move: AppointmentMove,
  { via = "dashboard", clientLanguage }: { via?: ChangeChannel; clientLanguage?: Language } = {},
): Promise<{ appointment: Appointment; queued: string[] }> {
  const before = await getAppointment(scope, id);
  const [appointment, queued] = await withSubscribers({ scope, messaging }, { kind: "save", id }, async () => {
    const moved = await moveAppointment(scope, id, move, via);
    if (clientLanguage) await rememberClientLanguage(scope, id, clientLanguage);
    return [moved, { kind: "changed", before, appointment: moved }];
  });
  return { appointment, queued };
}

export async function cancelAndConfirm(
  scope: TenantScope,
  messaging: ClientMessaging | null,
  id: string,
  via: ChangeChannel = "dashboard",
): Promise<{ queued: string[] }> {
  const before = await getAppointment(scope, id);
  const [, queued] = await withSubscribers({ scope, messaging }, { kind: "cancel", id }, async () => {
    await cancelAppointment(scope, id, via);
    return [null, { kind: "cancelled", before }];
  });
  return { queued };
}
