import cs from "../../src/i18n/messages/cs.json";
import de from "../../src/i18n/messages/de.json";
import en from "../../src/i18n/messages/en.json";

const CATALOGUES: Record<string, Record<string, string>> = { en, de, cs };

/** A catalogue text as shown: the words inside a <link> tag when it has one. */
export const t = (language: string, id: string) => {
  const text = CATALOGUES[language]![id]!;
  return /<link>(.*?)<\/link>/.exec(text)?.[1] ?? text;
};

/** A pattern for a catalogue text with its placeholders filled by anything. */
export const tPattern = (language: string, id: string) =>
  new RegExp(`^${t(language, id).split(/\{\w+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")).join(".+")}$`);
