import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { useLocation, useNavigate } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../contract/languages.ts";
import { showLanguage, useCatalog } from "./catalog-store.ts";
import { LanguageContext } from "./language-context.ts";
import { STORAGE_KEY, initialLanguage, languageOfPath, localizePath, storeLanguage } from "./language.ts";

/** Called by main.tsx before the first render, so the first paint already has its texts. */
export const preloadCatalog = (pathname: string) => showLanguage(initialLanguage(pathname));

export function LanguageProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const catalog = useCatalog();
  const [language, setLanguage] = useState<Language>(() => catalog?.language ?? initialLanguage(location.pathname));

  // A route that carries a language switches the interface to it and stores it (the spec:
  // the route first), so the unprefixed addresses that follow (/login, /helpdesk) keep it.
  const routeLanguage = languageOfPath(location.pathname);
  if (routeLanguage && routeLanguage !== language) setLanguage(routeLanguage);
  useEffect(() => {
    if (routeLanguage) storeLanguage(routeLanguage);
  }, [routeLanguage]);

  useEffect(() => {
    // Only when it changes: rewriting the root's attribute restyles the whole page.
    if (document.documentElement.lang !== language) document.documentElement.lang = language;
    if (catalog?.language !== language) void showLanguage(language);
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
