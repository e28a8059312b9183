import { BOOKING_SLUG } from "../../../../contract/booking-page.ts";
import type { Language } from "../../../../contract/languages.ts";
import { fold } from "../../../../contract/text.ts";

const MAX_SLUG = 40;

/**
 * An address for the booking page made from the salon's name, as the contract accepts it:
 * "Kadeřnictví Šárka & Co." becomes "kadernictvi-sarka-co". Empty when the name gives none.
 */
export function suggestSlug(name: string): string {
  const words = fold(name).replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  // Cut at a hyphen when the name is too long, so no word is left half.
  const cut = words.length > MAX_SLUG ? words.slice(0, MAX_SLUG + 1).replace(/-[^-]*$/, "") || words.slice(0, MAX_SLUG) : words;
  const slug = cut.replace(/-+$/, "");
  if (BOOKING_SLUG.test(slug)) return slug;
  // Too short a name ("Jo") still gives an address.
  return slug ? `${slug}-salon` : "";
}

/** Everything of the page's address before the slug, e.g. "https://recepta.example/de/book/". */
export const bookingPagePrefix = (origin: string, language: Language) => `${origin}/${language}/book/`;

export const bookingPageUrl = (origin: string, language: Language, slug: string) => `${bookingPagePrefix(origin, language)}${slug}`;

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The markup a salon's own website embeds the page with, at the full width of its column. */
export const embedSnippet = (url: string, title: string) =>
  `<iframe src="${attribute(url)}" title="${attribute(title)}" loading="lazy" style="width:100%;min-height:720px;border:0"></iframe>`;
