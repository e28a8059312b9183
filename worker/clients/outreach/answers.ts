import type { Appointment } from "../../../contract/appointments.ts";
import { offerAnswer, offerReplyText, type OfferReply } from "../../../contract/outreach-texts.ts";
import { saveAndConfirm } from "../../appointments/changes.ts";
import { getAppointment } from "../../data/appointments.ts";
import { DataError } from "../../data/errors.ts";
import { closeSlot, entryBooked, latestTextOffer, lockSlot, offerOf, outreachRules, scheduleSlot, settleOffer } from "../../data/outreach.ts";
import type { TenantScope } from "../../data/tenant.ts";
import type { ClientMessaging } from "../messaging/compose.ts";
import { linkUrl, visitLinkExpiry } from "../messaging/links.ts";
import { factsOf } from "./engine.ts";

/**
 * A client's answer to an offer, by text or on the salon's call: the first YES books the time
 * through the one write path of appointments, a NO moves the slot on to the next candidate.
 */

export type AcceptOutcome = { outcome: "booked"; appointment: Appointment; queued: string[] } | { outcome: "taken" | "expired" };

/**
 * Books the offered time for the offer's client through the guarded storage, or says why
 * not. The slot is locked first, so of two answers at once one books and the other finds the
 * slot filled; a booking made elsewhere meanwhile is refused by the exclusion constraint.
 */
export async function acceptOffer(scope: TenantScope, messaging: ClientMessaging | null, attemptId: string, now = new Date()): Promise<AcceptOutcome> {
  const first = await offerOf(scope, attemptId);
  if (!first) return { outcome: "expired" };
  const slot = await lockSlot(scope, first.slot_id);
  const offer = (await offerOf(scope, attemptId))!;
  // The same client saying yes twice has the time all the same.
  if (offer.status === "accepted" && offer.appointment_id) return { outcome: "booked", appointment: await getAppointment(scope, offer.appointment_id), queued: [] };
  if (!slot || slot.status === "filled" || slot.status === "taken" || offer.status === "taken") {
    await settleOffer(scope, attemptId, "taken");
    return { outcome: "taken" };
  }
  const open = slot.status === "open" && (offer.status === "offered" || offer.status === "expired") && (offer.channel === "call" || offer.expires_at > now);
  if (!open) return { outcome: "expired" };
  try {
    const { appointment, queued } = await scope.sql.savepoint(async (sp) =>
      saveAndConfirm(
        { ...scope, sql: sp },
        messaging,
        {
          customer_name: offer.name,
          customer_phone: offer.phone,
          stylist: offer.stylist_id,
          start_datetime: offer.start_at.toISOString(),
          end_datetime: offer.end_at.toISOString(),
          notes: null,
          services: offer.service_ids.map((service) => ({ service, price_at_booking: null, duration_at_booking: null })),
        },
        // A YES by text is answered with the booking's details and link: the SMS confirmation would say it twice.
        { source: "outreach", clientLanguage: offer.language, confirmBy: offer.channel === "sms" ? ["email"] : undefined },
      ),
    );
    await settleOffer(scope, attemptId, "accepted", appointment.id);
    await closeSlot(scope, slot.id, "filled", appointment.id);
    if (offer.entry_id) await entryBooked(scope, offer.entry_id, appointment.id);
    return { outcome: "booked", appointment, queued };
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    // Booked by someone else meanwhile, or no longer bookable as offered (a service or stylist gone).
    await settleOffer(scope, attemptId, "taken");
    if (error.options.code === "overlap") await scheduleSlot(scope, slot.id, now);
    return { outcome: "taken" };
  }
}

export async function declineOffer(scope: TenantScope, attemptId: string): Promise<void> {
  const offer = await offerOf(scope, attemptId);
  if (!offer) return;
  if (await settleOffer(scope, attemptId, "declined")) await scheduleSlot(scope, offer.slot_id, new Date());
}

/**
 * A client's reply to an offer text: YES books, NO declines, each answered by a text in the
 * client's language. Null when the number has no offer from the salon in the last week or the
 * reply is neither (STOP and START are read elsewhere).
 */
export async function answerTextOffer(
  scope: TenantScope,
  messaging: ClientMessaging | null,
  phone: string,
  body: string,
  now = new Date(),
): Promise<{ reply: string; queued: string[] } | null> {
  const answer = offerAnswer(body);
  if (!answer) return null;
  const offer = await latestTextOffer(scope, phone);
  if (!offer) return null;
  const rules = await outreachRules(scope);
  const say = (reply: OfferReply, manage: string | null = null) =>
    offerReplyText(reply, factsOf(rules, { start: offer.start_at, stylist: offer.stylist_name, services: offer.services }), offer.language, manage);
  if (answer === "no") {
    await declineOffer(scope, offer.id);
    return { reply: say("declined"), queued: [] };
  }
  const accepted = await acceptOffer(scope, messaging, offer.id, now);
  if (accepted.outcome !== "booked") return { reply: say(accepted.outcome), queued: [] };
  const { appointment } = accepted;
  const manage = messaging?.links
    ? await linkUrl(messaging.links, "visit", offer.language, appointment.id, visitLinkExpiry(new Date(appointment.end_datetime)))
    : null;
  return { reply: say("booked", manage), queued: accepted.queued };
}

