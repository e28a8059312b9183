import { useIntl } from "react-intl";
import { useLocation } from "react-router";
import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from "../../contract/languages.ts";
import { OG_LOCALES } from "../../contract/public-pages.ts";
import { useLanguage } from "../i18n/language-context.ts";
import { localizePath } from "../i18n/language.ts";
import { DocumentTitle } from "./document-title.tsx";

/** The brand's card for link previews, with its tagline in each language (public/og). */
const siteImage = (language: Language) => ({ url: `/og/recepta-${language}.jpg`, width: 1200, height: 630 });

interface PageMetaProps {
  /** Catalogue ids of the page's own name (the tab shows it before the brand) and description. */
  titleId: string;
  descriptionId: string;
  image?: { url: string; width: number; height: number };
  type?: "website" | "article";
}

/**
 * What a public page tells browsers, search engines and link previews: its title and
 * description in the reader's language, its address in each language and its card image.
 * The prerendered HTML carries root-relative addresses that the Worker makes absolute for the
 * origin it answers on; in the browser the same origin is the page's own, so the elements
 * React renders here match the ones already in <head>.
 */
export function PageMeta({ titleId, descriptionId, image, type = "website" }: PageMetaProps) {
  const intl = useIntl();
  const brand = intl.formatMessage({ id: "common.brand" });
  const title = intl.formatMessage({ id: titleId }, { brand });
  const description = intl.formatMessage({ id: descriptionId }, { brand });
  const { language } = useLanguage();
  const { pathname } = useLocation();
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const address = (lang: Language) => origin + localizePath(pathname, lang);
  const card = image ?? siteImage(language);
  return (
    <>
      <DocumentTitle title={title} />
      <meta name="description" content={description} />
      <link rel="canonical" href={address(language)} />
      {LANGUAGES.map((lang) => (
        <link key={lang} rel="alternate" hrefLang={lang} href={address(lang)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={address(DEFAULT_LANGUAGE)} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={brand} />
      <meta property="og:locale" content={OG_LOCALES[language]} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={address(language)} />
      <meta property="og:image" content={origin + card.url} />
      <meta property="og:image:width" content={String(card.width)} />
      <meta property="og:image:height" content={String(card.height)} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
