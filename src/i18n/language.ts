import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../contract/languages.ts";

export const STORAGE_KEY = "user-language";

/** The language named by a path's first segment, if any. */
export function languageOfPath(pathname: string): Language | null {
  const first = pathname.split("/")[1];
  return isLanguage(first) ? first : null;
}

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

function browserLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): Language | null {
  for (const tag of languages) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

/** The spec's order: the route's language, the stored choice, the browser's, else English. */
export function initialLanguage(pathname: string): Language {
  return languageOfPath(pathname) ?? storedLanguage() ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}

/** Rewrites a path to another language: /de/blog -> /cs/blog, /blog -> /cs/blog. */
export function localizePath(pathname: string, language: Language): string {
  const rest = languageOfPath(pathname) ? pathname.replace(/^\/[a-z]{2}(?=\/|$)/, "") : pathname;
  const tail = rest === "/" ? "" : rest;
  return `/${language}${tail}`;
}
