import type { Language } from "../../../contract/languages.ts";
import type { Offer } from "../../data/outreach.ts";
import { withTenant } from "../../data/tenant.ts";
import { acceptOffer, declineOffer } from "../../clients/outreach/answers.ts";
import { LANGUAGE_NAMES } from "./session-config.ts";
import { callTenant } from "./call-plan.ts";
import { OFFER_TOOLS, type OfferToolName } from "./tool-schemas.ts";
import { appointmentSummary, type ToolContext, type ToolOutcome } from "./tools.ts";

/**
 * A call the salon places to offer a client a time that came free: what the assistant is told
 * of the offer, how it opens the call, and the two tools that take or refuse it.
 */

/** The offered time as the instructions say it, on the salon's clock: "Thursday 3 December at 14:00". */
function offeredTime(offer: Offer, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long" }).format(offer.start_at);
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(offer.start_at);
  return `${day} at ${time}`;
}

const servicesOf = (offer: Offer) => (offer.services.length > 0 ? offer.services.join(" and ") : "an appointment");

/** The offer in the call's instructions; names are the salon's data, quoted as such. */
export function offerSection(offer: Offer, salonName: string, timeZone: string): string {
  const minutes = Math.round((offer.end_at.getTime() - offer.start_at.getTime()) / 60_000);
  return [
    "# This call: you are calling a client to offer a time that came free",
    `- You called ${offer.name ? JSON.stringify(offer.name) : "a client whose name is not on record"} at ${offer.phone} on behalf of the salon ${JSON.stringify(salonName)}; they did not call you.`,
    `- The offer: ${offeredTime(offer, timeZone)} (${minutes} minutes) with ${JSON.stringify(offer.stylist_name)}, for ${servicesOf(offer)}. It was offered to other clients by text message too, so it may be taken at any moment.`,
    `- Speak ${LANGUAGE_NAMES[offer.language]}, the client's language, unless they speak another.`,
    `- When the client wants the time, call ${OFFER_TOOLS.accept} at once and confirm what it booked. When they do not want it, call ${OFFER_TOOLS.decline}, thank them, and say goodbye.`,
    "- If they would rather move or cancel another appointment of theirs, or book another time, help them with the usual tools; their phone number is the one you called.",
    "- Keep the call short and friendly; do not press them.",
  ].join("\n");
}

/** What the assistant says first: who calls, and the offer, in the client's language. */
export function offerOpening(offer: Offer, salonName: string, timeZone: string, language: Language): string {
  const greeting = offer.name ? `Greet ${JSON.stringify(offer.name)} by name` : "Greet the client";
  return [
    `Start the call in ${LANGUAGE_NAMES[language]}. ${greeting}, say that you are calling from ${JSON.stringify(salonName)},`,
    `and offer the time that came free: ${offeredTime(offer, timeZone)} with ${JSON.stringify(offer.stylist_name)}, for ${servicesOf(offer)}.`,
    "Ask whether they would like it. Two or three short sentences, nothing else.",
  ].join(" ");
}

/** Takes or refuses the call's offer; a refusal the model should explain becomes an error it reads. */
export async function runOfferTool(ctx: ToolContext, attemptId: string, name: OfferToolName): Promise<ToolOutcome> {
  try {
    if (name === OFFER_TOOLS.decline) {
      await withTenant(ctx.db, callTenant(ctx), (scope) => declineOffer(scope, attemptId));
      return { ok: true, result: { declined: true } };
    }
    const accepted = await withTenant(ctx.db, callTenant(ctx), (scope) => acceptOffer(scope, ctx.messaging, attemptId));
    if (accepted.outcome === "booked") {
      ctx.sendMessages(accepted.queued);
      return { ok: true, result: { booked: true, ...appointmentSummary(ctx, accepted.appointment) } };
    }
    return {
      ok: false,
      error:
        accepted.outcome === "taken"
          ? "Someone else took this time a moment ago. Apologise, and offer to look for another time with find_free_slots."
          : "This offer has run out. Apologise, and offer to look for another time with find_free_slots.",
    };
  } catch (error) {
    console.error(`offer tool ${name} failed`, error);
    return { ok: false, error: "The salon's calendar could not be reached just now. Apologise, and say the salon will get back to them." };
  }
}
