import { IntlMessageFormat } from "intl-messageformat";
import { DEFAULT_LANGUAGE, type Language } from "../../../contract/languages.ts";
import { sharedMessages } from "../../../contract/messages/index.ts";
import cs from "./cs.json";
import de from "./de.json";
import en from "./en.json";

const serverMessages: Record<Language, Record<string, string>> = { en, de, cs };

/** Everything the API says: its own texts (answers, errors, mail) and the shared validation texts. */
const apiMessages = Object.fromEntries(
  (Object.keys(serverMessages) as Language[]).map((language) => [language, { ...sharedMessages[language], ...serverMessages[language] }]),
) as Record<Language, Record<string, string>>;

export type Translate = (id: string, values?: Record<string, string | number>) => string;

/** The API's texts in one language, falling back to English for an id a catalog lacks. */
export function translator(language: Language): Translate {
  const catalog = apiMessages[language];
  return (id, values) => {
    const text = catalog[id] ?? apiMessages[DEFAULT_LANGUAGE][id] ?? id;
    return String(new IntlMessageFormat(text, language).format(values));
  };
}
