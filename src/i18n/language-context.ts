import { createContext, useContext } from "react";
import type { Language } from "../../contract/languages.ts";

export interface LanguageApi {
  language: Language;
  /** Stores the choice and moves to the same page in that language. */
  switchLanguage(language: Language): void;
  /** A path of this site in the current language: localPath("/blog") -> "/de/blog". */
  localPath(path: string): string;
}

export const LanguageContext = createContext<LanguageApi | null>(null);

export function useLanguage(): LanguageApi {
  const api = useContext(LanguageContext);
  if (!api) throw new Error("useLanguage needs a LanguageProvider");
  return api;
}
