/**
 * The two things the product asks of Twilio's REST API about a live call: give it new TwiML
 * (the hand-over to a person is a redirect to `<Dial>`), and read it back (final status,
 * duration and, once Twilio has rated it, the price). Plain fetch, so it runs anywhere.
 */

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** Defaults to https://api.twilio.com; tests point it at a fake. */
  baseUrl?: string;
}

/** The REST settings from the Worker's environment, or undefined while they are not set. */
export function twilioConfig(env: { TWILIO_ACCOUNT_SID?: string; TWILIO_AUTH_TOKEN?: string; TWILIO_API_BASE_URL?: string }): TwilioConfig | undefined {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) return undefined;
  return { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, baseUrl: env.TWILIO_API_BASE_URL || undefined };
}

const TWILIO_API_BASE_URL = "https://api.twilio.com";

/** A call as the product reads it from Twilio's Call resource. */
export interface TwilioCall {
  sid: string;
  /** queued, ringing, in-progress, completed, busy, failed, no-answer or canceled. */
  status: string;
  /** Seconds, once the call has ended. */
  duration: number | null;
  /** What the call cost, as a positive amount in `priceUnit`; null until Twilio has rated it. */
  price: number | null;
  priceUnit: string | null;
  from: string | null;
  to: string | null;
}

/** Twilio refused: its HTTP status and, when it sent one, its error code (e.g. 21220, call not in progress). */
export class TwilioRestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = "TwilioRestError";
  }
}

const TIMEOUT_MS = 10_000;

interface CallResource {
  sid: string;
  status: string;
  duration?: string | number | null;
  price?: string | number | null;
  price_unit?: string | null;
  from?: string | null;
  to?: string | null;
}

const number = (value: string | number | null | undefined) => {
  if (value === null || value === undefined || value === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

async function callRequest(config: TwilioConfig, callSid: string, form?: Record<string, string>): Promise<TwilioCall> {
  const base = (config.baseUrl || TWILIO_API_BASE_URL).replace(/\/+$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Calls/${encodeURIComponent(callSid)}.json`;
  const headers: Record<string, string> = {
    authorization: `Basic ${btoa(`${config.accountSid}:${config.authToken}`)}`,
    accept: "application/json",
  };
  if (form) headers["content-type"] = "application/x-www-form-urlencoded";
  const response = await fetch(url, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form).toString() : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = (body ?? {}) as { message?: string; code?: number };
    throw new TwilioRestError(`Twilio answered ${response.status}: ${error.message ?? text.slice(0, 200)}`, response.status, error.code);
  }
  const call = body as CallResource | undefined;
  if (!call || typeof call.sid !== "string" || typeof call.status !== "string") {
    throw new TwilioRestError("Twilio answered with something that is not a call", response.status);
  }
  const price = number(call.price);
  return {
    sid: call.sid,
    status: call.status,
    duration: number(call.duration),
    // Twilio writes charges as negative amounts ("-0.01300").
    price: price === null ? null : Math.abs(price),
    priceUnit: call.price_unit ?? null,
    from: call.from ?? null,
    to: call.to ?? null,
  };
}

/** Replaces what the live call is doing with `twiml` (e.g. `<Dial>` a person). */
export function redirectCall(config: TwilioConfig, callSid: string, twiml: string): Promise<TwilioCall> {
  return callRequest(config, callSid, { Twiml: twiml });
}

/** Hangs the call up. */
export function hangUpCall(config: TwilioConfig, callSid: string): Promise<TwilioCall> {
  return callRequest(config, callSid, { Status: "completed" });
}

/** The call as Twilio knows it now: status, duration and price when known. */
export function fetchCall(config: TwilioConfig, callSid: string): Promise<TwilioCall> {
  return callRequest(config, callSid);
}
