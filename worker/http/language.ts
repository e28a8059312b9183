import { createMiddleware } from "hono/factory";
import { languageDetector } from "hono/language";
import { IntlMessageFormat } from "intl-messageformat";
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from "../../contract/languages.ts";
import { apiMessages } from "../messages/index.ts";
import type { AppEnv } from "../env.ts";

export type Translate = (id: string, values?: Record<string, string | number>) => string;

export function translator(language: Language): Translate {
  const catalog = apiMessages[language];
  return (id, values) => {
    const text = catalog[id] ?? apiMessages[DEFAULT_LANGUAGE][id] ?? id;
    return String(new IntlMessageFormat(text, language).format(values));
  };
}

/** The SPA sends its interface language as Accept-Language; answers follow it. */
export const detectLanguage = [
  languageDetector({
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["header"],
    caches: false,
  }),
  createMiddleware<AppEnv>(async (c, next) => {
    const detected = c.get("language");
    const language = isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
    c.set("language", language);
    c.set("t", translator(language));
    await next();
  }),
] as const;
