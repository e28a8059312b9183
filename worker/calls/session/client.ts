import type { Bindings } from "../../env.ts";
import type { CallPlan, PhoneCallPlan } from "../engine/call-plan.ts";

/**
 * How the Worker reaches a live call's Durable Object (session/call-session.ts): a call's plan
 * and what Twilio says of it go to the object's RPC methods as typed values; the caller's
 * socket, which RPC cannot carry, goes to its `fetch` as the request that opened it. Only the
 * Worker can reach the object.
 */

/** A browser's call socket (`socket`, the upgrade request), handed to an object of its own once it holds the call's plan. */
export async function openBrowserCall(env: Bindings, plan: CallPlan, socket: Request): Promise<Response> {
  const session = env.CALL_SESSION.get(env.CALL_SESSION.newUniqueId());
  await session.holdBrowserCall(plan);
  return session.fetch(socket);
}

/** A phone call's object, named after the call's row: Twilio's webhooks and its media stream reach the same one. */
const phoneSession = (env: Bindings, callId: string) => env.CALL_SESSION.getByName(callId);

/**
 * Starts a phone call's object without waiting for the speech model: the greeting is ready
 * when Twilio's media stream arrives at the same object.
 */
export async function preparePhoneCall(env: Bindings, plan: PhoneCallPlan): Promise<void> {
  await phoneSession(env, plan.callId).preparePhoneCall(plan);
}

/**
 * Twilio says the call `callId` is over. A call whose media stream never came (the caller
 * hung up while it was being set up) ends now, closing the speech model, rather than when
 * its wait for the stream runs out.
 */
export async function phoneCallEnded(env: Bindings, callId: string): Promise<void> {
  await phoneSession(env, callId).phoneCallEnded();
}

/** Twilio's media stream for the call `callId` (`socket`, its upgrade request), handed to the object the webhook prepared, which refuses one it does not hold. */
export function connectPhoneStream(env: Bindings, callId: string, socket: Request): Promise<Response> {
  return phoneSession(env, callId).fetch(socket);
}
