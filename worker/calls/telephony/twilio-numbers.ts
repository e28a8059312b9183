/**
 * The phone numbers a salon buys or verifies, on Twilio's side: numbers for sale and what
 * they cost a month, buying and releasing one, and the outbound call that speaks a
 * verification code. Refusals are classified by Twilio's error codes
 * (https://www.twilio.com/docs/api/errors), so the API can tell the salon what is missing.
 */
import type { NumberType } from "../../../contract/phone-numbers.ts";
import { accountPath, readCall, twilioRequest, TwilioRestError, type TwilioCall, type TwilioConfig } from "./twilio-rest.ts";

/** The kinds of number searched for, in the order tried: a salon's line is best a local one. */
const SEARCHED_TYPES = [
  ["local", "Local"],
  ["mobile", "Mobile"],
  ["national", "National"],
] as const;

export type OfferedNumberType = (typeof SEARCHED_TYPES)[number][0];

/** Twilio's `address_requirements`: which Address resource buying the number needs. */
export const ADDRESS_REQUIREMENTS = ["none", "any", "local", "foreign"] as const;
export type AddressRequirement = (typeof ADDRESS_REQUIREMENTS)[number];

/** A number Twilio offers for sale. */
export interface OfferedNumber {
  /** E.164. */
  phoneNumber: string;
  type: OfferedNumberType;
  locality: string | null;
  region: string | null;
  addressRequirements: AddressRequirement;
}

interface AvailableNumberResource {
  phone_number: string;
  locality?: string | null;
  region?: string | null;
  address_requirements?: string | null;
}

const addressRequirement = (value: string | null | undefined): AddressRequirement =>
  // Anything Twilio might add later is treated as needing some address rather than none.
  value === null || value === undefined ? "none" : ((ADDRESS_REQUIREMENTS as readonly string[]).includes(value) ? (value as AddressRequirement) : "any");

/**
 * Voice-capable numbers for sale in `country` (ISO 3166-1 alpha-2), at most `limit`, containing
 * `contains` (digits; `*` matches any one digit) when given. Local numbers first; when the
 * country has none (or none of that type at all) mobile ones, then national ones.
 */
export async function searchAvailableNumbers(
  config: TwilioConfig,
  query: { country: string; contains?: string; limit: number },
): Promise<OfferedNumber[]> {
  for (const [type, resource] of SEARCHED_TYPES) {
    let body: unknown;
    try {
      body = await twilioRequest(config, {
        method: "GET",
        path: accountPath(config, `AvailablePhoneNumbers/${encodeURIComponent(query.country)}/${resource}.json`),
        params: { VoiceEnabled: "true", PageSize: String(query.limit), Contains: query.contains || undefined },
      });
    } catch (error) {
      // Twilio answers 404 for a type of number it does not sell in the country.
      if (error instanceof TwilioRestError && error.status === 404) continue;
      throw error;
    }
    const found = (body as { available_phone_numbers?: AvailableNumberResource[] } | undefined)?.available_phone_numbers ?? [];
    if (found.length > 0) {
      return found.slice(0, query.limit).map((number) => ({
        phoneNumber: number.phone_number,
        type,
        locality: number.locality || null,
        region: number.region || null,
        addressRequirements: addressRequirement(number.address_requirements),
      }));
    }
  }
  return [];
}

const PRICED_TYPES: readonly string[] = ["local", "mobile", "national", "toll free"] satisfies NumberType[];

/**
 * What a number costs a month in `country`, per type, from Twilio's Pricing API (v1), in
 * `unit` (the account's currency, e.g. "USD"). Types Twilio does not price there are absent.
 */
export async function monthlyPrices(
  config: TwilioConfig,
  country: string,
): Promise<{ unit: string; prices: Partial<Record<NumberType, number>> }> {
  const body = (await twilioRequest(config, {
    method: "GET",
    api: "pricing",
    path: `/v1/PhoneNumbers/Countries/${encodeURIComponent(country)}`,
  })) as { price_unit?: string; phone_number_prices?: { number_type?: string; current_price?: string | number }[] } | undefined;
  const prices: Partial<Record<NumberType, number>> = {};
  for (const { number_type: type, current_price: price } of body?.phone_number_prices ?? []) {
    const amount = Number(price);
    if (type && PRICED_TYPES.includes(type) && price !== undefined && price !== "" && Number.isFinite(amount)) {
      prices[type as NumberType] = amount;
    }
  }
  return { unit: (body?.price_unit ?? "USD").toUpperCase(), prices };
}

/**
 * Buys `phoneNumber` for the account and points its calls (and status changes, and texts) at
 * the product's webhooks, all POST. `addressSid` or `bundleSid` satisfy a number that needs
 * an address or regulatory documents (see `purchaseRefusal`).
 */
export async function buyNumber(
  config: TwilioConfig,
  order: {
    phoneNumber: string;
    voiceUrl: string;
    statusCallback: string;
    smsUrl: string;
    friendlyName: string;
    addressSid?: string;
    bundleSid?: string;
  },
): Promise<{ sid: string; phoneNumber: string }> {
  const body = (await twilioRequest(config, {
    method: "POST",
    path: accountPath(config, "IncomingPhoneNumbers.json"),
    params: {
      PhoneNumber: order.phoneNumber,
      VoiceUrl: order.voiceUrl,
      VoiceMethod: "POST",
      StatusCallback: order.statusCallback,
      StatusCallbackMethod: "POST",
      SmsUrl: order.smsUrl,
      SmsMethod: "POST",
      FriendlyName: order.friendlyName,
      AddressSid: order.addressSid,
      BundleSid: order.bundleSid,
    },
  })) as { sid?: unknown; phone_number?: unknown } | undefined;
  if (typeof body?.sid !== "string" || typeof body.phone_number !== "string") {
    throw new TwilioRestError("Twilio answered with something that is not a phone number", 201);
  }
  return { sid: body.sid, phoneNumber: body.phone_number };
}

/** Gives the number (its IncomingPhoneNumber sid) back to Twilio; one already gone counts as released. */
export async function releaseNumber(config: TwilioConfig, sid: string): Promise<void> {
  try {
    await twilioRequest(config, { method: "DELETE", path: accountPath(config, `IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`) });
  } catch (error) {
    if (error instanceof TwilioRestError && error.status === 404) return;
    throw error;
  }
}

/** Every progress event of the call, so the one waiting on it sees ringing and the answer, not only the end. */
const CALL_EVENTS = ["initiated", "ringing", "answered", "completed"];

/** What an answered call does: the TwiML given, or what the webhook at `url` answers (a signed POST). */
export type CallAnswer = { twiml: string } | { url: string; machineDetection?: "DetectMessageEnd" };

/**
 * Calls `to` from `from` (a number of the account) and, once answered, runs the TwiML given
 * or asks the webhook for it; with `machineDetection` Twilio first listens for an answering
 * machine and tells the webhook who answered (`AnsweredBy`), after a machine's greeting ends.
 * Twilio reports the call's progress to `statusCallback`, a signed form POST per event.
 */
export async function placeCall(config: TwilioConfig, call: { to: string; from: string; statusCallback: string } & CallAnswer): Promise<TwilioCall> {
  return readCall(
    await twilioRequest(config, {
      method: "POST",
      path: accountPath(config, "Calls.json"),
      params: {
        To: call.to,
        From: call.from,
        ...("twiml" in call ? { Twiml: call.twiml } : { Url: call.url, Method: "POST", MachineDetection: call.machineDetection }),
        StatusCallback: call.statusCallback,
        StatusCallbackMethod: "POST",
        StatusCallbackEvent: CALL_EVENTS,
        // Seconds of ringing before Twilio gives up: a person has time to reach the phone.
        Timeout: "30",
      },
    }),
  );
}

export type PurchaseRefusal = "address" | "bundle" | "unavailable" | "not_permitted";

const PURCHASE_REFUSALS: Record<number, PurchaseRefusal> = {
  // 21613 PhoneNumber Requires Certification: local regulation wants an address on file.
  21613: "address",
  // 21615 Phone Number Requires a Local Address (address_requirements "local").
  21615: "address",
  // 21631 Phone Number Requires an Address: no AddressSid, or none that satisfies the number.
  21631: "address",
  // 21649 Phone Number Requires a Bundle: a regulated number needs an approved BundleSid.
  21649: "bundle",
  // 21650 Phone Number Requires a Verified Identity Document.
  21650: "bundle",
  // 21651 Document does not satisfy regulatory requirement (the bundle sent does not fit).
  21651: "bundle",
  // 21422 PhoneNumber is not available: not Twilio's, or taken (by another account just now).
  21422: "unavailable",
  // 21452 No phone numbers found in area code: nothing left to buy there.
  21452: "unavailable",
  // 10002 Trial accounts do not support the feature (a second number, a number not for trials).
  10002: "not_permitted",
  // 21404 Inbound Phone number not available to trial account.
  21404: "not_permitted",
};

/** Why Twilio refused to sell a number, when the refusal is one the salon can act on; else undefined. */
export function purchaseRefusal(error: unknown): PurchaseRefusal | undefined {
  return error instanceof TwilioRestError && error.code !== undefined ? PURCHASE_REFUSALS[error.code] : undefined;
}

export type CallRefusal = "not_permitted" | "invalid_number";

const CALL_REFUSALS: Record<number, CallRefusal> = {
  // 21202 Called number is a premium number.
  21202: "not_permitted",
  // 21203 International calling not enabled for the account.
  21203: "not_permitted",
  // 21215 Geo Permission configuration is not permitting call (the country is switched off).
  21215: "not_permitted",
  // 21216 Call blocked by Twilio (high-risk or regulated destination).
  21216: "not_permitted",
  // 21219 'To' phone number not verified (a trial account calls verified numbers only).
  21219: "not_permitted",
  // 21211 Invalid 'To' Phone Number.
  21211: "invalid_number",
  // 21214 'To' phone number cannot be reached.
  21214: "invalid_number",
  // 21217 Phone number does not appear to be valid.
  21217: "invalid_number",
};

/** Why Twilio refused to place a call, when it is about the number called; else undefined. */
export function callRefusal(error: unknown): CallRefusal | undefined {
  return error instanceof TwilioRestError && error.code !== undefined ? CALL_REFUSALS[error.code] : undefined;
}
