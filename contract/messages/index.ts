import type { Language } from "../languages.ts";
import cs from "./cs.json";
import de from "./de.json";
import en from "./en.json";

/** Texts both the API and the SPA show: validation messages and API answers. */
export const sharedMessages: Record<Language, Record<string, string>> = { en, de, cs };
