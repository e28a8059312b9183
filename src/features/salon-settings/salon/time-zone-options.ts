import { getCountries, type CountryCode } from "libphonenumber-js/core";
import min from "libphonenumber-js/min/metadata";
import { offsetMinutes } from "../../../../contract/time-zone.ts";
import { fold } from "../../../../contract/text.ts";

/** One time zone as the salon's owner reads it. */
export interface ZoneOption {
  /** The IANA name, which is what is stored. */
  zone: string;
  /** "(UTC+01:00) Prague" */
  label: string;
  /** "Central European Time · Czechia" */
  detail: string;
  /** Minutes ahead of UTC now, for the order of the list. */
  offset: number;
  /** Everything the search matches, folded. */
  words: string;
}

type ZoneLocale = Intl.Locale & { getTimeZones?: () => string[]; timeZones?: string[] };

/** A country's zones as Intl knows them (getTimeZones, or the older timeZones getter); none where it does not. */
const zonesOfCountry = (country: string): string[] => {
  const locale = new Intl.Locale(`und-${country}`) as ZoneLocale;
  return locale.getTimeZones?.() ?? locale.timeZones ?? [];
};

const canonicalNames = new Map<string, string>();
/** One name per zone: Intl may list "Asia/Calcutta" where a salon has "Asia/Kolkata" saved. */
function canonical(zone: string) {
  let name = canonicalNames.get(zone);
  if (name === undefined) {
    name = new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
    canonicalNames.set(zone, name);
  }
  return name;
}

let countryByZone: Map<string, CountryCode> | undefined;
/** The country a zone lies in ("Europe/Prague" → CZ), read from Intl's zones of every country. */
export function countryOfZone(zone: string): CountryCode | undefined {
  countryByZone ??= new Map(getCountries(min).flatMap((country) => zonesOfCountry(country).map((name) => [canonical(name), country] as const)));
  return countryByZone.get(canonical(zone));
}

/** "UTC+01:00", "UTC−05:00", "UTC+05:30". */
function utcOffset(minutes: number) {
  const size = Math.abs(minutes);
  return `UTC${minutes < 0 ? "−" : "+"}${String(Math.floor(size / 60)).padStart(2, "0")}:${String(size % 60).padStart(2, "0")}`;
}

/** The zone's city as its name spells it: "America/Argentina/Buenos_Aires" → "Buenos Aires". */
const cityOf = (zone: string) => zone.slice(zone.lastIndexOf("/") + 1).replaceAll("_", " ");

const regionNames = new Map<string, Intl.DisplayNames>();
/** "Česko" for CZ in Czech. */
function countryName(country: string, language: string) {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: "region" });
    regionNames.set(language, names);
  }
  return names.of(country);
}

/** A zone named in `language`, with its offset at `now`. */
export function zoneOption(zone: string, language: string, now = new Date()): ZoneOption {
  const offset = offsetMinutes(now, zone);
  const country = countryOfZone(zone);
  const name =
    new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: "longGeneric" }).formatToParts(now).find((part) => part.type === "timeZoneName")?.value ??
    zone;
  const detail = [name, country && countryName(country, language)].filter(Boolean).join(" · ");
  const label = `(${utcOffset(offset)}) ${cityOf(zone)}`;
  // The offset also as people type it: a hyphen for the minus sign, "utc+1" for +01:00.
  const typed = utcOffset(offset).replace("−", "-");
  const short = typed.replace(/([+-])0?(\d+):00$/, "$1$2").replace(/([+-])0(\d)/, "$1$2");
  return { zone, label, detail, offset, words: fold(`${label} ${typed} ${short} ${zone} ${detail}`) };
}

// Naming some 400 zones takes a noticeable moment; a page does it once per language.
const named = new Map<string, ZoneOption[]>();

/**
 * Every zone the browser knows (plus `extra`, such as the saved one and aliases like UTC
 * that the list leaves out), named in `language`; `country`'s zones come first, the rest
 * follow, each part by offset and name.
 */
export function zoneOptions(language: string, { country, extra = [] }: { country?: string; extra?: string[] }) {
  let known = named.get(language);
  if (!known) {
    known = Intl.supportedValuesOf("timeZone").map((zone) => zoneOption(zone, language));
    named.set(language, known);
  }
  const listed = new Set(known.map((option) => option.zone));
  const options = [...known, ...[...new Set(extra)].filter((zone) => !listed.has(zone)).map((zone) => zoneOption(zone, language))];
  options.sort((a, b) => a.offset - b.offset || a.label.localeCompare(b.label, language));
  const home = new Set(country ? zonesOfCountry(country).map(canonical) : []);
  return {
    countryName: country && home.size > 0 ? countryName(country, language) : undefined,
    first: options.filter((option) => home.has(canonical(option.zone))),
    rest: options.filter((option) => !home.has(canonical(option.zone))),
  };
}

/** The options whose words hold every word of `query`. */
export function matching(options: ZoneOption[], query: string): ZoneOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return words.length === 0 ? options : options.filter((option) => words.every((word) => option.words.includes(word)));
}
