import { QueryClientProvider } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { IntlProvider } from "react-intl";
import { DEFAULT_LANGUAGE, type Language } from "../../../../contract/languages.ts";
import { LanguageContext } from "../../../i18n/language-context.ts";
import { localizePath, storeLanguage } from "../../../i18n/language.ts";
import { loadMessages } from "../../../i18n/load-messages.ts";
import { bookingQueryClient } from "../api.ts";
import { BookingPage } from "./booking-page.tsx";

export interface Catalog {
  language: Language;
  messages: Record<string, string>;
}

/** The booking page's texts: its own catalogue part, nothing of the site's. */
export const loadCatalog = async (language: Language): Promise<Catalog> => ({ language, messages: await loadMessages(language, "booking") });

/**
 * The booking page on its own, as its entry renders it: the language switches in place (the
 * address follows with replaceState, so a reload or a shared link keeps it) and what the
 * visitor chose stays chosen.
 */
export function BookingApp({ slug, catalog: first }: { slug: string; catalog: Catalog }) {
  const [catalog, setCatalog] = useState(first);
  const [queries] = useState(bookingQueryClient);
  const { language } = catalog;

  const switchLanguage = useCallback((next: Language) => {
    storeLanguage(next);
    void loadCatalog(next).then((loaded) => {
      setCatalog(loaded);
      document.documentElement.lang = next;
      const { pathname, search, hash } = window.location;
      window.history.replaceState(window.history.state, "", localizePath(pathname, next) + search + hash);
    });
  }, []);
  const localPath = useCallback((path: string) => localizePath(path, language), [language]);
  const api = useMemo(() => ({ language, switchLanguage, localPath }), [language, switchLanguage, localPath]);

  return (
    <LanguageContext value={api}>
      <IntlProvider locale={language} defaultLocale={DEFAULT_LANGUAGE} messages={catalog.messages}>
        <QueryClientProvider client={queries}>
          <BookingPage slug={slug} />
        </QueryClientProvider>
      </IntlProvider>
    </LanguageContext>
  );
}
