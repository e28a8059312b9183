import type { RequestContext } from "../../env.ts";

/**
 * The addresses Twilio is given for this deployment: a bought number's webhooks, a call's
 * media stream, a verification call's callback. Twilio signs each request for the URL it was
 * given, so the webhooks check signatures against the same addresses.
 */
export const TWILIO_PATH = "/api/telephony/twilio";

/** The public origin Twilio is told: APP_URL when set, else the request's own. */
export const publicOrigin = (c: RequestContext) => (c.env.APP_URL ? new URL(c.env.APP_URL).origin : new URL(c.req.url).origin);

/** The webhooks a number bought here is configured with. */
export const numberWebhooks = (origin: string) => ({
  voiceUrl: `${origin}${TWILIO_PATH}/voice`,
  statusCallback: `${origin}${TWILIO_PATH}/status`,
  smsUrl: `${origin}${TWILIO_PATH}/messaging`,
});

/** Where Twilio reports a verification call's progress; the path names the number's row. */
export const verificationCallbackUrl = (origin: string, phoneNumberId: string) => `${origin}${TWILIO_PATH}/verification/${phoneNumberId}`;

/**
 * The webhooks an offer call is placed with: who answered (`offer-call`, after Twilio's
 * answering-machine detection) and how the call went (`offer-call-status`); both name the offer.
 */
export const offerCallWebhooks = (origin: string, attemptId: string) => ({
  answerUrl: `${origin}${TWILIO_PATH}/offer-call?attempt=${attemptId}`,
  statusCallback: `${origin}${TWILIO_PATH}/offer-call-status?attempt=${attemptId}`,
});

/** The address of a call's media stream, as its TwiML gives it to Twilio (ws: only for a plain-HTTP APP_URL). */
export function streamUrl(origin: string, callId: string): string {
  const url = new URL(`${TWILIO_PATH}/stream/${callId}`, origin);
  url.protocol = url.protocol === "http:" ? "ws:" : "wss:";
  return url.toString();
}
