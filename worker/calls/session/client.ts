import type { Bindings } from "../../env.ts";
import type { CallPlan, PhoneCallPlan } from "../engine/call-plan.ts";

/**
 * How the Worker reaches a live call's Durable Object (session/call-session.ts): the plan it starts a
 * call with, and the requests it sends. Only the Worker can reach the object.
 */

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
