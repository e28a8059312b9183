/**
 * Twilio's REST API in plain fetch, so it runs anywhere: one request helper for every
 * resource (`twilioRequest`), and what the product asks of a live call through it: give it
 * new TwiML (the hand-over to a person is a redirect to `<Dial>`), hang it up, and read it
 * back (final status, duration and, once Twilio has rated it, the price). The numbers a salon
 * buys live in `twilio-numbers.ts`.
 */

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** Defaults to https://api.twilio.com; tests point it at a fake. */
  baseUrl?: string;
  /** Twilio's Pricing API; defaults to https://pricing.twilio.com; tests point it at a fake. */
  pricingBaseUrl?: string;
}

/** The REST settings from the Worker's environment, or undefined while they are not set. */
export function twilioConfig(env: {
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_API_BASE_URL?: string;
  TWILIO_PRICING_BASE_URL?: string;
}): TwilioConfig | undefined {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) return undefined;
  return {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    baseUrl: env.TWILIO_API_BASE_URL || undefined,
    pricingBaseUrl: env.TWILIO_PRICING_BASE_URL || undefined,
  };
}

const BASE_URLS = { api: "https://api.twilio.com", pricing: "https://pricing.twilio.com" } as const;

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

/**
 * Twilio refused: its HTTP status and, when it sent one, its error code (e.g. 21220, call not
 * in progress); the message carries Twilio's own.
 */
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

/** Request parameters; a name given a list is repeated once per value, as Twilio expects. */
export type TwilioParams = Record<string, string | readonly string[] | undefined>;

export interface TwilioRequest {
  method: "GET" | "POST" | "DELETE";
  /** From the host on, e.g. `/2010-04-01/Accounts/{Sid}/Calls.json` (see `accountPath`). */
  path: string;
  /** Which of Twilio's hosts serves the path; the 2010 API unless told. */
  api?: keyof typeof BASE_URLS;
  /** The form body of a POST, the query string otherwise; undefined values are left out. */
  params?: TwilioParams;
}

/** The path of a resource under the account, e.g. `accountPath(config, "Calls.json")`. */
export function accountPath(config: TwilioConfig, resource: string): string {
  return `/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/${resource}`;
}

function encode(params: TwilioParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const one of typeof value === "string" ? [value] : value) search.append(name, one);
  }
  return search.toString();
}

/**
 * One request to Twilio with the account's Basic auth: the answer's JSON, or undefined when
 * it has no body (a DELETE's 204). Refusals throw `TwilioRestError`; a network failure or the
 * timeout throws as fetch does.
 */
export async function twilioRequest(config: TwilioConfig, request: TwilioRequest): Promise<unknown> {
  const api = request.api ?? "api";
  const base = ((api === "pricing" ? config.pricingBaseUrl : config.baseUrl) || BASE_URLS[api]).replace(/\/+$/, "");
  const encoded = request.params ? encode(request.params) : "";
  const post = request.method === "POST";
  const url = `${base}${request.path}${!post && encoded ? `?${encoded}` : ""}`;
  const headers: Record<string, string> = {
    authorization: `Basic ${btoa(`${config.accountSid}:${config.authToken}`)}`,
    accept: "application/json",
  };
  if (post) headers["content-type"] = "application/x-www-form-urlencoded";
  const response = await fetch(url, {
    method: request.method,
    headers,
    body: post ? encoded : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = (body ?? {}) as { message?: string; code?: number };
    throw new TwilioRestError(`Twilio answered ${response.status}: ${error.message ?? text.slice(0, 200)}`, response.status, error.code);
  }
  if (text && body === undefined) throw new TwilioRestError("Twilio answered with something that is not JSON", response.status);
  return body;
}

interface CallResource {
  sid: string;
  status: string;
  duration?: string | number | null;
  price?: string | number | null;
  price_unit?: string | null;
  from?: string | null;
  to?: string | null;
}

/** A number as Twilio writes one (often as text), or null. */
export const twilioNumber = (value: string | number | null | undefined) => {
  if (value === null || value === undefined || value === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

/** What Twilio charged, as a positive amount: it writes charges as negative ones ("-0.01300"). */
export const twilioCharge = (value: string | number | null | undefined) => {
  const price = twilioNumber(value);
  return price === null ? null : Math.abs(price);
};

/** A Call resource as Twilio sent it, read into a `TwilioCall`. */
export function readCall(body: unknown): TwilioCall {
  const call = body as CallResource | undefined;
  if (!call || typeof call.sid !== "string" || typeof call.status !== "string") {
    throw new TwilioRestError("Twilio answered with something that is not a call", 200);
  }
  return {
    sid: call.sid,
    status: call.status,
    duration: twilioNumber(call.duration),
    price: twilioCharge(call.price),
    priceUnit: call.price_unit ?? null,
    from: call.from ?? null,
    to: call.to ?? null,
  };
}

async function callRequest(config: TwilioConfig, callSid: string, form?: Record<string, string>): Promise<TwilioCall> {
  const path = accountPath(config, `Calls/${encodeURIComponent(callSid)}.json`);
  return readCall(await twilioRequest(config, form ? { method: "POST", path, params: form } : { method: "GET", path }));
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
