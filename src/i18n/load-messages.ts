import type { Language } from "../../contract/languages.ts";
import { sharedMessages } from "../../contract/messages/index.ts";

// One catalog per language, fetched only when that language is used.
const catalogs: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import("./messages/en.json"),
  de: () => import("./messages/de.json"),
  cs: () => import("./messages/cs.json"),
};

export async function loadMessages(language: Language): Promise<Record<string, string>> {
  const { default: messages } = await catalogs[language]();
  return { ...sharedMessages[language], ...messages };
}
