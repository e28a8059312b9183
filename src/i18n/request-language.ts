import { DEFAULT_LANGUAGE, type Language } from "../../contract/languages.ts";

let language: Language = DEFAULT_LANGUAGE;

/**
 * The language being shown or loaded, set before the first render: every API request asks
 * for its answer in it, the very first one included.
 */
export const requestLanguage = (): Language => language;

export function setRequestLanguage(next: Language) {
  language = next;
}
