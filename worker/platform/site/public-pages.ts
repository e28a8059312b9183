import { LANGUAGES, DEFAULT_LANGUAGE } from "../../../contract/languages.ts";
import { PUBLIC_PAGES } from "../../../contract/public-pages.ts";

// What crawlers should leave alone: the API and every signed-in or single-use page.
const PRIVATE_PAGES = ["/dashboard", "/salon-settings", "/verify-email", "/reset-password"];

/** robots.txt: everything public may be crawled, the rest not, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  const disallowed = ["/api/", "/dev/", ...LANGUAGES.flatMap((lang) => PRIVATE_PAGES.map((page) => `/${lang}${page}`))];
  return ["User-agent: *", "Allow: /", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

/** sitemap.xml: each public page in each language, naming its other languages (hreflang). */
export function sitemapXml(origin: string): string {
  const urls = PUBLIC_PAGES.flatMap((page) => {
    const alternates = [
      ...LANGUAGES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${origin}/${lang}${page}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/${DEFAULT_LANGUAGE}${page}"/>`,
    ].join("");
    return LANGUAGES.map((lang) => `<url><loc>${origin}/${lang}${page}</loc>${alternates}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * Prerendered pages name their addresses root-relative (canonical, alternates, the card's
 * image), since the build does not know where it is served; search engines and link previews
 * need them absolute, so they get the origin the page is answered on.
 */
export function withAbsoluteLinks(response: Response, origin: string): Response {
  const absolute = (attribute: string) => ({
    element(element: Element) {
      const value = element.getAttribute(attribute);
      if (value?.startsWith("/") && !value.startsWith("//")) element.setAttribute(attribute, origin + value);
    },
  });
  return new HTMLRewriter()
    .on('link[rel="canonical"], link[rel="alternate"]', absolute("href"))
    .on('meta[property="og:url"], meta[property="og:image"]', absolute("content"))
    .transform(response);
}
