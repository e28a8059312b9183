import { failCallAtStart, openPhoneCall } from "../../data/calls.ts";
import { database } from "../../data/db.ts";
import { offerCallLine, voicemailChoice, type OfferCallLine } from "../../data/offer-calls.ts";
import { linkOfferCall, offerOf, settleOfferCall, type Offer } from "../../data/outreach.ts";
import { salonProfile } from "../../data/salons.ts";
import { withTenant, type Tenant, type TenantScope } from "../../data/tenant.ts";
import type { Bindings } from "../../env.ts";
import { translator } from "../../platform/messages/index.ts";
import { SAY_LANGUAGE } from "../../calls/telephony/say-language.ts";
import { placeCall } from "../../calls/telephony/twilio-numbers.ts";
import { twilioConfig } from "../../calls/telephony/twilio-rest.ts";
import { offerCallWebhooks } from "../../calls/telephony/webhook-urls.ts";

/**
 * The outbound call that offers a client a time that came free, after a round of texts got no
 * YES: placed from the salon's own number with Twilio's answering-machine detection. A person
 * is put through to the assistant, which makes the offer; a machine hears a short message in
 * the client's language, or nothing, as the salon chose; every other end settles the offer so
 * the next client is tried.
 */

/**
 * Calls the client of offer `attemptId` (an attempt by call, still offered). Without a line
 * of the salon's to call from, or when Twilio refuses the call, the offer fails at once.
 */
export async function placeOfferCall(env: Bindings, tenant: Tenant, attemptId: string): Promise<void> {
  const db = database(env);
  const { offer, line } = await withTenant(db, tenant, async (scope) => {
    const [offer, line] = await Promise.all([offerOf(scope, attemptId), offerCallLine(scope)]);
    return { offer, line };
  });
  if (offer?.status !== "offered") return;
  const rest = twilioConfig(env);
  if (!line || !rest || !env.APP_URL) {
    await withTenant(db, tenant, (scope) => settleOfferCall(scope, attemptId, "failed"));
    return;
  }
  const { answerUrl, statusCallback } = offerCallWebhooks(new URL(env.APP_URL).origin, attemptId);
  let callSid: string;
  try {
    ({ sid: callSid } = await placeCall(rest, { to: offer.phone, from: line.phone_number, url: answerUrl, machineDetection: "DetectMessageEnd", statusCallback }));
  } catch (error) {
    console.warn(`offer ${attemptId}: the call could not be placed`, error);
    await withTenant(db, tenant, (scope) => settleOfferCall(scope, attemptId, "failed"));
    return;
  }
  await withTenant(db, tenant, (scope) => recordOfferCall(scope, offer, line, callSid));
}

/**
 * The offer call's record, outbound from the salon's line to the client, linked to the offer:
 * made once, by whichever comes first of the placing and Twilio's answer.
 */
async function recordOfferCall(scope: TenantScope, offer: Offer, line: OfferCallLine, callSid: string): Promise<string> {
  const callId = await openPhoneCall(scope, {
    direction: "outbound",
    assistantId: line.assistant_config_id,
    assistantName: line.assistant_name,
    callSid,
    from: line.phone_number,
    to: offer.phone,
    city: null,
    state: null,
    country: null,
  });
  await linkOfferCall(scope, offer.id, callId);
  return callId;
}

/** Twilio's `AnsweredBy` values that mean an answering machine (or a fax) took the call. */
const MACHINE = /^machine_/;

/** What the answer webhook does with an offer call, once it knows who answered. */
export type OfferAnswer =
  /** A person: put through to the assistant, which makes the offer. */
  | { kind: "person"; callId: string; line: OfferCallLine; offer: Offer }
  /** A machine and the salon's message for it (`sayLanguage` is Twilio's `<Say>` language). */
  | { kind: "message"; text: string; sayLanguage: string }
  /** Nothing to say: hang up. */
  | { kind: "hang_up" };

/**
 * Decides what the answered offer call does: `answeredBy` is Twilio's AMD result (`human`,
 * `unknown`, `machine_end_beep`, …, `fax`). A machine is left a message when the salon wants
 * one (the offer ends as voicemail) or nothing (no answer); a fax fails. An offer no longer
 * open (taken, expired) or a salon whose line is gone hangs up.
 */
export async function answerOfferCall(scope: TenantScope, attemptId: string, callSid: string, answeredBy: string): Promise<OfferAnswer> {
  const [offer, line] = await Promise.all([offerOf(scope, attemptId), offerCallLine(scope)]);
  if (offer?.status !== "offered" || !line) return { kind: "hang_up" };
  const callId = offer.call_id ?? (await recordOfferCall(scope, offer, line, callSid));
  if (answeredBy === "fax") {
    await settleOfferCall(scope, attemptId, "failed");
    return { kind: "hang_up" };
  }
  if (!MACHINE.test(answeredBy)) return { kind: "person", callId, line, offer };
  if ((await voicemailChoice(scope)) === "none") {
    await settleOfferCall(scope, attemptId, "no_answer");
    return { kind: "hang_up" };
  }
  await settleOfferCall(scope, attemptId, "voicemail");
  return { kind: "message", text: await voicemailText(scope, offer), sayLanguage: SAY_LANGUAGE[offer.language] };
}

/**
 * The assistant could not take a call a person answered: the call and the offer fail, and
 * rather than silence the person hears the offer as a machine would; answers its words.
 */
export async function offerCallNotStarted(scope: TenantScope, attemptId: string, callId: string, offer: Offer): Promise<string> {
  await failCallAtStart(scope, callId);
  await settleOfferCall(scope, attemptId, "failed");
  return voicemailText(scope, offer);
}

/** The message an offer leaves: who called, the time offered, and how to take it, in the client's language. */
async function voicemailText(scope: TenantScope, offer: Offer): Promise<string> {
  const salon = await salonProfile(scope);
  const timeZone = salon?.time_zone ?? "UTC";
  const locale = SAY_LANGUAGE[offer.language];
  return translator(offer.language)("telephony.say.offerVoicemail", {
    salon: salon?.name ?? "",
    day: new Intl.DateTimeFormat(locale, { timeZone, weekday: "long", day: "numeric", month: "long" }).format(offer.start_at),
    time: new Intl.DateTimeFormat(locale, { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(offer.start_at),
    stylist: offer.stylist_name,
  });
}

/** Twilio's final call statuses and what each makes of an offer still open. */
const ENDS = { completed: "declined", busy: "busy", "no-answer": "no_answer", failed: "failed", canceled: "failed" } as const;

/**
 * The offer call ended with Twilio's `status`. An offer the call settled already (booked or
 * refused by the assistant's tools, a machine's message) stays as it is; one a person heard
 * without taking it counts as declined.
 */
export async function offerCallEnded(scope: TenantScope, attemptId: string, status: keyof typeof ENDS): Promise<void> {
  const offer = await offerOf(scope, attemptId);
  if (offer?.status === "offered") await settleOfferCall(scope, attemptId, ENDS[status]);
}
