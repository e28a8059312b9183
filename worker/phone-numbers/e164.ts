import { getCountries, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { DataError } from "../data/errors.ts";

// Country names as owners write them in the salon's Country field (English, German, Czech),
// folded like the input, to their ISO codes. Built on first need, once per isolate.
let countryCodes: Map<string, CountryCode> | undefined;
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();

function countryCode(name: string | null): CountryCode | undefined {
  if (!name) return undefined;
  if (!countryCodes) {
    countryCodes = new Map();
    for (const language of ["en", "de", "cs"]) {
      const names = new Intl.DisplayNames([language], { type: "region" });
      for (const code of getCountries()) {
        countryCodes.set(fold(code), code);
        const display = names.of(code);
        if (display) countryCodes.set(fold(display), code);
      }
    }
  }
  return countryCodes.get(fold(name));
}

const invalid = (messageId: string) => new DataError("invalid", messageId, { field: "phone_number" });

/**
 * The number in E.164, checked against the real numbering plans. A number written without
 * its country code is read in the salon's country (its Country field, else the country of
 * its own phone number); when that is unknown the owner is asked for the international form.
 */
export function salonNumberE164(value: string, salon: { country: string | null; phone: string | null } | undefined): string {
  let country: CountryCode | undefined;
  if (!value.startsWith("+")) {
    country = countryCode(salon?.country ?? null) ?? (salon?.phone ? parsePhoneNumberFromString(salon.phone)?.country : undefined);
    if (!country) throw invalid("phoneNumber.error.international");
  }
  const parsed = parsePhoneNumberFromString(value, country);
  // An extension cannot be dialled into: the line must be the number itself.
  if (!parsed || !parsed.isValid() || parsed.ext) throw invalid("phoneNumber.error.invalid");
  return parsed.number;
}
