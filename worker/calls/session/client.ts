import type { Language } from "../../../contract/languages.ts";
import type { Tenant } from "../../data/tenant.ts";
import type { Bindings } from "../../env.ts";
import type { CallSetup } from "../engine/live-call.ts";

/**
 * How the Worker reaches a live call's Durable Object (session/call-session.ts): the plan it starts a
 * call with, and the requests it sends. Only the Worker can reach the object.
 */

/** The salon a call belongs to, and its owner, on whose behalf the assistant acts. */
export interface CallOwner {
  salonId: string;
  ownerId: string;
}

/** The tenant a call's data work runs as: the salon, through its owner (row-level security). */
export const callTenant = ({ salonId, ownerId }: CallOwner): Tenant => ({ salonId, userId: ownerId });

/** Who a call is for, resolved before the call starts (demo, ticket or phone number). */
export interface CallTarget extends CallOwner {
  assistantId: string;
  demo: boolean;
}

export interface CallPlan {
  target: CallTarget;
  /** Language of the error messages the caller may see. */
  language: Language;
  direction: "inbound" | "outbound";
  fromNumber: string | null;
  toNumber: string | null;
  maxSeconds: number;
  /** The call's row, made before its session starts: by the telephony webhook, or by a browser call's reservation. */
  callId: string;
  /** A call the salon places to offer a client a freed time: the offer (its attempt's id). */
  offerId?: string;
  /** The assistant and the salon, when read already (with a browser call's reservation); else the session reads them. */
  setup?: CallSetup;
}

/** A phone call's plan, and what its media stream must match. */
export interface PhoneCallPlan extends CallPlan {
  /** Twilio's CallSid: the stream's `start` must carry the same one. */
  callSid: string;
  /** Twilio `<Say>` language for the last words of a call that fails. */
  sayLanguage: string;
}

/** The header that carries a call's plan from the Worker to its object. */
export const CALL_PLAN_HEADER = "x-call-plan";

/** A plan as the header carries it: JSON with every character past ASCII escaped, as header values are Latin-1. */
export const encodePlan = (plan: CallPlan): string =>
  JSON.stringify(plan).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** The object's paths. */
export const CALL_SESSION_PATHS = { browser: "/browser", preparePhone: "/phone/prepare", phoneStream: "/phone/stream", phoneEnded: "/phone/ended" } as const;

const ORIGIN = "https://call-session";

/** A browser's call socket, handed to an object of its own. */
export function openBrowserCall(env: Bindings, plan: CallPlan): Promise<Response> {
  const session = env.CALL_SESSION.get(env.CALL_SESSION.newUniqueId());
  return session.fetch(ORIGIN + CALL_SESSION_PATHS.browser, { headers: { Upgrade: "websocket", [CALL_PLAN_HEADER]: encodePlan(plan) } });
}

/**
 * Starts a phone call's object, named after the call's row, without waiting for the speech
 * model: the greeting is ready when Twilio's media stream arrives at the same object.
 */
export async function preparePhoneCall(env: Bindings, plan: PhoneCallPlan): Promise<void> {
  const session = env.CALL_SESSION.get(env.CALL_SESSION.idFromName(plan.callId));
  const response = await session.fetch(ORIGIN + CALL_SESSION_PATHS.preparePhone, {
    method: "POST",
    headers: { [CALL_PLAN_HEADER]: encodePlan(plan) },
  });
  if (!response.ok) throw new Error(`the call session answered ${response.status}`);
}

/**
 * Twilio says the call `callId` is over. A call whose media stream never came (the caller
 * hung up while it was being set up) ends now, closing the speech model, rather than when
 * its wait for the stream runs out.
 */
export async function phoneCallEnded(env: Bindings, callId: string): Promise<void> {
  const session = env.CALL_SESSION.get(env.CALL_SESSION.idFromName(callId));
  await session.fetch(ORIGIN + CALL_SESSION_PATHS.phoneEnded, { method: "POST" });
}

/** Twilio's media stream for the call `callId`, handed to the object the webhook prepared (which refuses one it does not hold). */
export function connectPhoneStream(env: Bindings, callId: string): Promise<Response> {
  const session = env.CALL_SESSION.get(env.CALL_SESSION.idFromName(callId));
  return session.fetch(ORIGIN + CALL_SESSION_PATHS.phoneStream, { headers: { Upgrade: "websocket" } });
}
