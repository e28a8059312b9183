/**
 * The public pages, as paths inside a language ("" is the home page): prerendered into static
 * HTML for every language at build time and listed in the sitemap, with each other language
 * as an alternate.
 */
export const PUBLIC_PAGES = ["", "/pricing", "/blog", "/blog/hairdresser-pitch"] as const;

/** Open Graph's locale names of the site's languages. */
export const OG_LOCALES = { en: "en_US", de: "de_DE", cs: "cs_CZ" } as const;
