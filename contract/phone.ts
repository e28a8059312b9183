import {
  getCountries,
  parsePhoneNumberFromString,
  type CountryCode,
  type E164Number,
  type MetadataJson,
  type PhoneNumber,
} from "libphonenumber-js/core";
import min from "libphonenumber-js/min/metadata";
import { z } from "zod/mini";
import { LANGUAGES } from "./languages.ts";
import { fold } from "./text.ts";

/**
 * Phone numbers as people write them and as Twilio sends them: reading, E.164, display,
 * matching a caller to a stored number, and the country of a salon, all on libphonenumber-js.
 *
 * Metadata. libphonenumber-js reads numbers with a table of the world's numbering plans, in
 * two sizes that matter here. "min" (83 KB raw, 19 KB gzip) has every country's calling code,
 * prefixes, lengths, formats and the one pattern all its numbers fit: enough to read a number,
 * group it for display and tell whether it has the shape of that country's numbers
 * (+420 0301234567 has not). "max" (157 KB raw, 39 KB gzip) adds the pattern of each kind of
 * number, so isValid() also knows the ranges really in use (+420 999 123 456 is not). These
 * functions are built on libphonenumber-js/core and take the metadata as their last
 * argument, min by default:
 * - the dashboard reads, groups and checks numbers with min, in a chunk of the pages that
 *   show or check one; the home page imports none of this;
 * - the shared schemas always check with min, so a form and the API accept the same text;
 * - the Worker passes max (libphonenumber-js/max/metadata) where a number must really exist:
 *   the salon's numbers it stores for Twilio to ring and the transfer number Twilio dials.
 */

export type { CountryCode };

/** How to read a number written without "+": in a country, or after a calling code. */
interface Reading {
  defaultCountry?: CountryCode;
  defaultCallingCode?: string;
}

/** A valid number of its country's plan (as far as `metadata` knows it), or undefined. */
function read(text: string, reading: Reading, metadata: MetadataJson): PhoneNumber | undefined {
  const number = parsePhoneNumberFromString(text, reading, metadata);
  return number?.isValid() ? number : undefined;
}

/**
 * A number as a person writes it: "+420 777 123 456", "00420 777 123 456", or a national
 * number ("777 123 456", "030 1234567") read in `country`. Undefined when it is not a valid
 * number of its country's plan, as withheld caller ids ("anonymous", Twilio's "+266696687")
 * are not.
 */
export function parsePhone(text: string, country?: CountryCode, metadata: MetadataJson = min): PhoneNumber | undefined {
  return read(text, { defaultCountry: country }, metadata);
}

/**
 * The number in E.164 ("+420777123456"), or undefined when it is not a valid number or has an
 * extension: an extension cannot be dialled into, the line must be the number itself. Only
 * max metadata checks that the number is in a range really in use.
 */
export function toE164(text: string, country?: CountryCode, metadata: MetadataJson = min): E164Number | undefined {
  const number = parsePhone(text, country, metadata);
  return number && !number.ext ? number.number : undefined;
}

/**
 * A number grouped the way it is dialled, in international form: +420777123456 reads
 * +420 777 123 456. Text that is no number (a browser call's "browser") is shown as it is.
 */
export function displayPhone(text: string, country?: CountryCode, metadata: MetadataJson = min): string {
  return parsePhoneNumberFromString(text, { defaultCountry: country }, metadata)?.formatInternational() ?? text;
}

const digits = (text: string) => text.replace(/\D/g, "");

/**
 * Whether a caller's number is a stored one. A stored customer number is free text, typed by
 * the owner or given by a caller, often without its country code, so both are read in the
 * salon's `country` and match when they are the same valid number in E.164. When only one of
 * them reads as a number there (the country is unknown, or the other is a foreign national
 * number, as "030 1234567" is in a Czech salon), the other is read in that number's country:
 * "777 123 456" beside "+420 777 123 456" is Czech, "030 1234567" beside "+49 30 1234567"
 * German. When neither does, both must be written with the same digits. A withheld or
 * malformed number matches nothing, not even itself; numbers of two countries that end in the
 * same digits do not match either.
 */
export function samePhone(stored: string | null | undefined, given: string | null | undefined, country?: CountryCode, metadata: MetadataJson = min): boolean {
  if (!stored || !given) return false;
  const ours = parsePhone(stored, country, metadata);
  const theirs = parsePhone(given, country, metadata);
  if (ours && theirs) return ours.number === theirs.number;
  const known = ours ?? theirs;
  if (known) {
    const other = ours ? given : stored;
    // A country reads its national and international prefixes too; a calling code shared by
    // several countries (+1) without one of them still reads the digits after it.
    const reading = known.country ? { defaultCountry: known.country } : { defaultCallingCode: known.countryCallingCode };
    return read(other, reading, metadata)?.number === known.number;
  }
  return isPhoneText(stored) && isPhoneText(given) && digits(stored) === digits(given);
}

/**
 * A national number's length without knowing its country: at least 6 digits (shorter ones are
 * extensions and service codes, not a line to call), at most E.164's 15 plus a two-digit
 * international prefix ("00").
 */
const NATIONAL_DIGITS = { min: 6, max: 17 };
const NATIONAL_CHARACTERS = /^[\d ()./-]+$/;

/**
 * Whether a person's text is one phone number and nothing else: a valid number without an
 * extension, national numbers read in `country`. With no country to read it in, a national
 * number is only checked for the characters and the number of digits a phone number is
 * written with: its country is learnt later (the salon's, or that of the number a caller
 * dialled).
 */
export function isPhoneText(text: string, country?: CountryCode, metadata: MetadataJson = min): boolean {
  const number = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false }, metadata);
  if (number) return number.isValid() && !number.ext;
  if (country || !NATIONAL_CHARACTERS.test(text)) return false;
  const count = digits(text).length;
  return count >= NATIONAL_DIGITS.min && count <= NATIONAL_DIGITS.max;
}

/** The schemas' rule for a phone number field (see isPhoneText); `error` names the message. */
export const phoneCheck = (error: string) => z.refine<string>((text) => isPhoneText(text), { error });

// Names of countries as owners write them in the salon's Country field, folded, to their
// ISO codes: the codes themselves, and each country's long and short name in every language
// of the product ("Deutschland", "Tschechien", "Česko", "USA"). Built on first need.
const countryNames = new WeakMap<MetadataJson, Map<string, CountryCode>>();
// Common names Intl does not give: it calls the Czech Republic only Czechia, Tschechien, Česko.
// ("ČR" is left out: folded, it is CR, Costa Rica's code.)
const OTHER_NAMES: Record<string, CountryCode> = {
  "czech republic": "CZ",
  "tschechische republik": "CZ",
  "ceska republika": "CZ",
};

function namesOf(metadata: MetadataJson): Map<string, CountryCode> {
  let names = countryNames.get(metadata);
  if (names) return names;
  names = new Map(Object.entries(OTHER_NAMES));
  const codes = getCountries(metadata);
  for (const language of LANGUAGES) {
    for (const style of ["long", "short"] as const) {
      const display = new Intl.DisplayNames([language], { type: "region", style });
      for (const code of codes) {
        const name = display.of(code);
        if (name) names.set(fold(name), code);
      }
    }
  }
  for (const code of codes) names.set(fold(code), code);
  countryNames.set(metadata, names);
  return names;
}

/** The country a salon's Country field names, in English, German or Czech, or by its ISO code. */
export function countryOf(name: string | null | undefined, metadata: MetadataJson = min): CountryCode | undefined {
  return name ? namesOf(metadata).get(fold(name)) : undefined;
}

/**
 * The country a salon's national numbers are read in: the one its Country field names, else
 * that of its own phone number.
 */
export function salonCountry(salon: { country: string | null; phone: string | null }, metadata: MetadataJson = min): CountryCode | undefined {
  return countryOf(salon.country, metadata) ?? (salon.phone ? parsePhone(salon.phone, undefined, metadata)?.country : undefined);
}
