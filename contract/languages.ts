export const LANGUAGES = ["en", "de", "cs"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const NATIVE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  cs: "Česky",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
