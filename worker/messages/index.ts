import type { Language } from "../../contract/languages.ts";
import { sharedMessages } from "../../contract/messages/index.ts";
import cs from "./cs.json";
import de from "./de.json";
import en from "./en.json";

const serverMessages: Record<Language, Record<string, string>> = { en, de, cs };

/** Everything the API says: its own texts (answers, errors, mail) and the shared validation texts. */
export const apiMessages = Object.fromEntries(
  (Object.keys(serverMessages) as Language[]).map((language) => [language, { ...sharedMessages[language], ...serverMessages[language] }]),
) as Record<Language, Record<string, string>>;
