import max from "libphonenumber-js/max/metadata";
import { salonCountry, toE164, type CountryCode } from "../../../contract/phone.ts";
import { DataError } from "../../data/errors.ts";

const invalid = (messageId: string) => new DataError("invalid", messageId, { field: "phone_number" });

/**
 * The number in E.164, checked against the ranges really in use (Twilio will ring it). A
 * number written without its country code is read in the salon's country (its Country field,
 * else the country of its own phone number); when that is unknown the owner is asked for the
 * international form.
 */
export function salonNumberE164(value: string, salon: { country: string | null; phone: string | null } | undefined): string {
  let country: CountryCode | undefined;
  if (!value.startsWith("+")) {
    country = salon ? salonCountry(salon, max) : undefined;
    if (!country) throw invalid("phoneNumber.error.international");
  }
  const number = toE164(value, country, max);
  if (!number) throw invalid("phoneNumber.error.invalid");
  return number;
}
