import type { NumberCountry } from "../../../contract/phone-numbers.ts";
import type { RequestContext } from "../../env.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { twilioConfig, type TwilioConfig } from "../telephony/twilio-rest.ts";

/** The platform's Twilio account, or 503 naming the setting that is missing. */
export function requireTwilio(c: RequestContext): TwilioConfig {
  const config = twilioConfig(c.env);
  if (config) return config;
  const setting = c.env.TWILIO_ACCOUNT_SID ? "TWILIO_AUTH_TOKEN" : "TWILIO_ACCOUNT_SID";
  throw new ApiError(503, { detail: c.var.t("telephony.error.notConfigured", { setting }), code: "not_configured" });
}

/** The number verification calls come from: a voice number of the platform's Twilio account. */
export function callerId(c: RequestContext): string {
  if (c.env.TWILIO_CALLER_ID) return c.env.TWILIO_CALLER_ID;
  throw new ApiError(503, { detail: c.var.t("telephony.error.notConfigured", { setting: "TWILIO_CALLER_ID" }), code: "not_configured" });
}

/** Twilio did not answer, or answered in a way that is nobody's fault here: nothing was done. */
export const twilioUnavailable = (c: RequestContext) =>
  new ApiError(502, { detail: c.var.t("phoneNumber.error.twilioUnavailable"), code: "twilio_unavailable" });

/** The country's name in the reader's language. */
export const countryName = (c: RequestContext, country: string) => new Intl.DisplayNames([c.var.language], { type: "region" }).of(country) ?? country;

interface Requirements {
  address_sid?: string;
  bundle_sid?: string;
}

/**
 * The regulatory documents the operator has registered in Twilio per country
 * (TWILIO_NUMBER_REQUIREMENTS, JSON such as {"DE": {"bundle_sid": "BU…", "address_sid": "AD…"}}):
 * Twilio sells numbers of some countries only with an approved address or bundle.
 */
export function numberRequirements(c: RequestContext, country: NumberCountry): Requirements {
  const text = c.env.TWILIO_NUMBER_REQUIREMENTS;
  if (!text) return {};
  try {
    const all = JSON.parse(text) as Record<string, Requirements | undefined>;
    return all[country] ?? {};
  } catch {
    console.warn("TWILIO_NUMBER_REQUIREMENTS is not JSON; numbers are bought without address or bundle");
    return {};
  }
}
