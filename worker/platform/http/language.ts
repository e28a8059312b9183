import { createMiddleware } from "hono/factory";
import { languageDetector } from "hono/language";
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from "../../../contract/languages.ts";
import { translator } from "../messages/index.ts";
import type { AppEnv } from "../../env.ts";

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
