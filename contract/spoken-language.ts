import type { Language } from "./languages.ts";

/*
 * Which of the product's languages a caller's words are in, read from the transcript of what
 * they said. The speech model hears any language; this only has to tell English, German and
 * Czech apart for the call's record and for telling the model to change language, and short
 * answers ("OK", a name) decide nothing.
 */

/** Letters only one of the languages writes. */
const LETTERS: Record<Language, RegExp> = {
  en: /(?!)/,
  de: /[äöüß]/g,
  cs: /[ěščřžůťďň]/g,
};

/** Frequent short words of each language that the others do not use. */
const WORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    "the and is are you your i i'm i'd would like to have has can could please thanks thank hello hi yes no my me an appointment tomorrow today what when how there this that with for of it".split(" "),
  ),
  de: new Set(
    "ich und ist sind sie ihr ihnen einen eine ein der die das den dem nicht bitte danke hallo guten tag ja nein mein mir möchte hätte gerne gern termin morgen heute was wann wie mit für von es bei haben habe kann könnte".split(" "),
  ),
  cs: new Set(
    "je jsou vy vám vás já jsem bych chtěl chtěla mám máte se na do ten ta prosím děkuji dobrý den ahoj ano ne můj mi termín zítra dnes co kdy jak s pro od u mít můžu mohu mohl mohla objednat".split(" "),
  ),
};

const LANGUAGES: Language[] = ["en", "de", "cs"];

/** The language `text` is most likely in, or null when it is too short or too mixed to tell. */
export function spokenLanguage(text: string): Language | null {
  const lower = text.toLocaleLowerCase();
  const words = lower.match(/[\p{L}']+/gu) ?? [];
  const scores = LANGUAGES.map((language) => {
    const letters = lower.match(LETTERS[language])?.length ?? 0;
    const known = words.filter((word) => WORDS[language].has(word)).length;
    return { language, score: known + 2 * Math.min(letters, 3) };
  }).sort((a, b) => b.score - a.score);
  const [best, next] = scores;
  return best!.score >= 2 && best!.score > next!.score ? best!.language : null;
}
