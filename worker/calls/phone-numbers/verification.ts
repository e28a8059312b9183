import type { Context } from "hono";
import max from "libphonenumber-js/max/metadata";
import { NUMBER_COUNTRIES, NUMBER_LIMITS, VERIFICATION, type PhoneNumber } from "../../../contract/phone-numbers.ts";
import { parsePhone } from "../../../contract/phone.ts";
import {
  abandonVerification,
  checkVerificationCode,
  numberIsActive,
  numberToVerify,
  recordVerificationCallSid,
  startVerification,
  type DroppedClaimMail,
} from "../../data/phone-numbers.ts";
import type { RequestContext } from "../../env.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { enforce } from "../../platform/http/rate-limit.ts";
import { inSalon, type SalonEnv } from "../../platform/http/tenant.ts";
import { SAY_LANGUAGE } from "../telephony/say-language.ts";
import { callRefusal, placeCall } from "../telephony/twilio-numbers.ts";
import { sayAndHangUpTwiml } from "../telephony/twiml.ts";
import { publicOrigin, verificationCallbackUrl } from "../telephony/webhook-urls.ts";
import { droppedClaimText } from "./dropped-claim.ts";
import { callerId, requireTwilio, twilioUnavailable } from "./twilio-account.ts";

/** A code of VERIFICATION.codeLength digits, each uniformly random. */
function newCode(): string {
  const digits = new Uint32Array(VERIFICATION.codeLength);
  crypto.getRandomValues(digits);
  // 2^32 is 4 modulo 10: the bias towards low digits is under one in 400 million.
  return Array.from(digits, (value) => String(value % 10)).join("");
}

/** The verification call: the code said digit by digit, twice, in the owner's language. */
function codeTwiml(c: Context<SalonEnv>, code: string): string {
  const digits = code.split("").join(", ");
  return sayAndHangUpTwiml([c.var.t("phoneNumber.say.code", { digits }), c.var.t("phoneNumber.say.codeAgain", { digits })], {
    language: SAY_LANGUAGE[c.var.language],
  });
}

/**
 * The same answer whether Twilio refused to call the number or the product chose not to (the
 * number rings some salon already), so the answer tells nobody which numbers are in use.
 */
const callRefused = (c: RequestContext) => new ApiError(422, { detail: c.var.t("phoneNumber.verify.callRefused"), code: "call_refused" });

/**
 * The lines a verification call may ring: a landline or mobile of a country the product
 * serves. A premium-rate or shared-cost number would bill the platform for every call.
 */
const CALLABLE_TYPES = new Set(["FIXED_LINE", "MOBILE", "FIXED_LINE_OR_MOBILE"]);

function ensureCallable(c: RequestContext, number: string) {
  const parsed = parsePhone(number, undefined, max);
  const country = parsed?.country;
  if (country && (NUMBER_COUNTRIES as readonly string[]).includes(country) && CALLABLE_TYPES.has(parsed.getType() ?? "")) return;
  const names = new Intl.DisplayNames([c.var.language], { type: "region" });
  const countries = new Intl.ListFormat(c.var.language, { type: "conjunction" }).format(NUMBER_COUNTRIES.map((code) => names.of(code) ?? code));
  throw new ApiError(422, { detail: c.var.t("phoneNumber.verify.notCallable", { countries }), code: "not_callable" });
}

/**
 * Calls the number and speaks a fresh code. The code is stored before the call is placed,
 * since Twilio may report on the call before it has answered the request that placed it.
 */
export async function callWithCode(c: Context<SalonEnv>, id: string): Promise<PhoneNumber> {
  const rest = requireTwilio(c);
  const from = callerId(c);
  const { phone_number: number } = await inSalon(c, (scope) => numberToVerify(scope, id));
  ensureCallable(c, number);
  await enforce(
    c,
    { bucket: `verify-call:salon:${c.var.salon.salonId}`, max: NUMBER_LIMITS.verificationCallsPerSalonHour, windowSeconds: 3600 },
    { bucket: `verify-call:number:${number}`, max: NUMBER_LIMITS.verificationCallsPerNumberHour, windowSeconds: 3600 },
    // However many accounts ask, the platform's bill for these calls has a ceiling.
    { bucket: "verify-call:all", max: NUMBER_LIMITS.verificationCallsPerDay, windowSeconds: 24 * 3600 },
  );
  if (await inSalon(c, (scope) => numberIsActive(scope, number))) throw callRefused(c);

  const code = newCode();
  await inSalon(c, (scope) => startVerification(scope, id, code));
  let sid: string;
  try {
    ({ sid } = await placeCall(rest, { to: number, from, twiml: codeTwiml(c, code), statusCallback: verificationCallbackUrl(publicOrigin(c), id) }));
  } catch (error) {
    await inSalon(c, (scope) => abandonVerification(scope, id));
    if (callRefusal(error)) throw callRefused(c);
    console.warn(`the verification call to number ${id} could not be placed`, error);
    throw twilioUnavailable(c);
  }
  return inSalon(c, (scope) => recordVerificationCallSid(scope, id, sid));
}

/** Tells the owners whose claims to a number were dropped, each in their own language. */
export const droppedClaimMail =
  (c: RequestContext): DroppedClaimMail =>
  (claim) => ({ from: c.env.MAIL_FROM, to: claim.owner_email, ...droppedClaimText(claim) });

/** Checks a code the owner typed; the right one makes the number take calls. */
export async function confirmCode(c: Context<SalonEnv>, id: string, code: string): Promise<PhoneNumber> {
  const result = await inSalon(c, (scope) => checkVerificationCode(scope, id, code, droppedClaimMail(c)));
  switch (result.outcome) {
    case "verified":
      return result.number;
    case "wrong": {
      const detail = c.var.t("phoneNumber.verify.wrongCode", { tries: result.triesLeft });
      throw new ApiError(422, { detail, code: "wrong_code", fields: { code: detail } });
    }
    case "expired": {
      const detail = c.var.t("phoneNumber.verify.expired", { minutes: VERIFICATION.minutes, tries: VERIFICATION.tries });
      throw new ApiError(422, { detail, code: "code_expired", fields: { code: detail } });
    }
    case "taken":
      throw new ApiError(409, { detail: c.var.t("phoneNumber.verify.notConnectable"), code: "not_connectable" });
  }
}
