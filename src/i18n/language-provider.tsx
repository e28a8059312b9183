import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { useLocation, useNavigate } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../contract/languages.ts";
import { LanguageContext } from "./language-context.ts";
import { STORAGE_KEY, initialLanguage, languageOfPath, localizePath, storeLanguage } from "./language.ts";
import { loadMessages } from "./load-messages.ts";

interface Catalog {
  language: Language;
  messages: Record<string, string>;
}

/** Preloaded by main.tsx so the first paint already has its texts. */
let preloaded: Catalog | null = null;
export async function preloadCatalog(pathname: string) {
  const language = initialLanguage(pathname);
  preloaded = { language, messages: await loadMessages(language) };
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [language, setLanguage] = useState<Language>(() => preloaded?.language ?? initialLanguage(location.pathname));
  const [catalog, setCatalog] = useState<Catalog | null>(preloaded);

  // A route that carries another language switches the interface to it.
  const routeLanguage = languageOfPath(location.pathname);
  if (routeLanguage && routeLanguage !== language) {
    storeLanguage(routeLanguage);
    setLanguage(routeLanguage);
  }

  useEffect(() => {
    document.documentElement.lang = language;
    if (catalog?.language === language) return;
    let current = true;
    loadMessages(language).then((messages) => current && setCatalog({ language, messages }));
    return () => {
      current = false;
    };
  }, [language, catalog?.language]);

  // Another tab changing the stored choice counts on pages without a language in the path.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY && isLanguage(event.newValue) && !languageOfPath(window.location.pathname)) {
        setLanguage(event.newValue);
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const switchLanguage = useCallback(
    (next: Language) => {
      storeLanguage(next);
      setLanguage(next);
      if (languageOfPath(location.pathname)) {
        navigate(localizePath(location.pathname, next) + location.search + location.hash);
      }
    },
    [location, navigate],
  );

  const localPath = useCallback((path: string) => localizePath(path, language), [language]);
  const api = useMemo(() => ({ language, switchLanguage, localPath }), [language, switchLanguage, localPath]);

  if (!catalog) return null;
  return (
    <LanguageContext value={api}>
      <IntlProvider locale={catalog.language} defaultLocale={DEFAULT_LANGUAGE} messages={catalog.messages}>
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}
