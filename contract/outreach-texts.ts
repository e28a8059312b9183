import { describeVisit, manageLine, orNothing, type Filled, type VisitFacts } from "./client-message-texts.ts";
import type { Language } from "./languages.ts";
import { fold } from "./text.ts";

/**
 * The texts of an offer of freed time, in the client's language: the SMS that offers it and
 * the answers to a client's reply. Short, since every text is paid by the segment.
 */

export type OfferReply = "booked" | "taken" | "expired" | "declined";

interface OfferWords {
  offer: (f: Filled) => string;
  replies: Record<OfferReply, (f: Filled) => string>;
}

const WORDS: Record<Language, OfferWords> = {
  en: {
    offer: (f) =>
      `${f.salon}: a time has come free – ${f.date} at ${f.time} with ${f.stylist} (${f.services}). Reply YES to book it; the first reply gets it. Reply NO if it doesn't suit, STOP to opt out.`,
    replies: {
      booked: (f) => `${f.salon}: it's yours – ${f.date} at ${f.time}, ${f.services} with ${f.stylist}.${orNothing(f.address, (a) => ` ${a}.`)} See you then!`,
      taken: (f) => `${f.salon}: sorry, someone was quicker and that time is gone. You stay on our waiting list.`,
      expired: (f) => `${f.salon}: sorry, this offer has run out. You stay on our waiting list and we'll text you when another time comes free.`,
      declined: (f) => `${f.salon}: no problem – you stay on our waiting list.`,
    },
  },
  de: {
    offer: (f) =>
      `${f.salon}: Ein Termin ist frei geworden – ${f.date} um ${f.time} bei ${f.stylist} (${f.services}). Antworten Sie JA, um ihn zu buchen; wer zuerst antwortet, bekommt ihn. NEIN, wenn es nicht passt, STOP für keine SMS mehr.`,
    replies: {
      booked: (f) => `${f.salon}: Der Termin gehört Ihnen – ${f.date} um ${f.time}, ${f.services} bei ${f.stylist}.${orNothing(f.address, (a) => ` ${a}.`)} Bis dann!`,
      taken: (f) => `${f.salon}: Leider war jemand schneller, der Termin ist vergeben. Sie bleiben auf unserer Warteliste.`,
      expired: (f) => `${f.salon}: Dieses Angebot ist leider abgelaufen. Sie bleiben auf unserer Warteliste, und wir melden uns, sobald wieder etwas frei wird.`,
      declined: (f) => `${f.salon}: Kein Problem – Sie bleiben auf unserer Warteliste.`,
    },
  },
  cs: {
    offer: (f) =>
      `${f.salon}: Uvolnil se termín – ${f.date} v ${f.time}, ${f.stylist} (${f.services}). Chcete ho? Odpovězte ANO, platí první odpověď. NE, pokud vám nevyhovuje, STOP pro odhlášení SMS.`,
    replies: {
      booked: (f) => `${f.salon}: Termín je váš – ${f.date} v ${f.time}, ${f.services} (${f.stylist}).${orNothing(f.address, (a) => ` ${a}.`)} Těšíme se na vás!`,
      taken: (f) => `${f.salon}: Bohužel byl někdo rychlejší a termín je pryč. Zůstáváte na naší čekací listině.`,
      expired: (f) => `${f.salon}: Tato nabídka už bohužel vypršela. Zůstáváte na naší čekací listině a ozveme se, až se zase něco uvolní.`,
      declined: (f) => `${f.salon}: Nevadí – zůstáváte na naší čekací listině.`,
    },
  },
};

export const offerText = (facts: VisitFacts, language: Language) => WORDS[language].offer(describeVisit(facts, language));
/**
 * The answer to a client's reply. A booking's answer is its only SMS confirmation, so it
 * carries the link to change or cancel the visit (`manage`) as the confirmation would.
 */
export function offerReplyText(reply: OfferReply, facts: VisitFacts, language: Language, manage: string | null = null): string {
  const text = WORDS[language].replies[reply](describeVisit(facts, language));
  return reply === "booked" && manage ? `${text} ${manageLine(language, manage)}` : text;
}

/** Yes and no as clients type them in the three languages; anything else is no answer to an offer. */
const YES = new Set(["yes", "y", "yeah", "yep", "ok", "okay", "ja", "j", "jo", "gerne", "ano", "jasne", "beru"]);
const NO = new Set(["no", "n", "nope", "nein", "ne", "nechci"]);

export function offerAnswer(body: string): "yes" | "no" | null {
  const word = fold(body).replace(/[.!?,\s]+$/g, "").replace(/^\s+/, "");
  if (YES.has(word)) return "yes";
  if (NO.has(word)) return "no";
  return null;
}
