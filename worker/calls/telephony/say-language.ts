import max from "libphonenumber-js/max/metadata";
import type { Language } from "../../../contract/languages.ts";
import { parsePhone } from "../../../contract/phone.ts";

/** The Twilio `<Say>` language each of the product's languages is spoken in. */
export const SAY_LANGUAGE: Record<Language, string> = { en: "en-US", de: "de-DE", cs: "cs-CZ" };

/** Language and Twilio `<Say>` voice language for a number, from its country. */
export function numberLanguage(number: string): { language: Language; say: string } {
  const country = parsePhone(number, undefined, max)?.country;
  switch (country) {
    case "DE":
    case "AT":
    case "CH":
    case "LI":
    case "LU":
      return { language: "de", say: SAY_LANGUAGE.de };
    case "CZ":
    case "SK":
      return { language: "cs", say: SAY_LANGUAGE.cs };
    case "GB":
    case "IE":
      return { language: "en", say: "en-GB" };
    case "AU":
      return { language: "en", say: "en-AU" };
    default:
      return { language: "en", say: SAY_LANGUAGE.en };
  }
}
