import type { Language } from "../../../contract/languages.ts";
import { fold } from "../../../contract/text.ts";
import { optIn, optOut, replyLanguage } from "../../data/client-messages.ts";
import type { TenantScope } from "../../data/tenant.ts";

/**
 * A client's reply to a salon's SMS. STOP and its kin (Twilio's own list, and what German and
 * Czech speakers write) stop the salon's messages to that number; START brings them back.
 * Anything else is no instruction. A Czech "zrušit" is left out: after a reminder it means
 * "cancel my visit", not "stop texting me".
 */

const STOP = new Set(["stop", "stopall", "unsubscribe", "cancel", "end", "quit", "optout", "revoke", "stopp", "abmelden", "abbestellen", "odhlasit", "konec"]);
const START = new Set(["start", "unstop", "yes", "anmelden", "prihlasit"]);

export type Keyword = "stop" | "start";

/** The keyword a reply is, read as people type it: any case, accents, a full stop or an exclamation mark. */
export function replyKeyword(body: string): Keyword | null {
  const word = fold(body).replace(/[.!?\s]+$/g, "").replace(/^[\s]+/, "");
  if (STOP.has(word)) return "stop";
  if (START.has(word)) return "start";
  return null;
}

/** Acts on the keyword for the number in this salon; answers the language to confirm it in (the client's, else the owner's). */
export async function applyKeyword(scope: TenantScope, keyword: Keyword, phone: string): Promise<Language> {
  if (keyword === "stop") await optOut(scope, "sms", phone);
  else await optIn(scope, "sms", phone);
  return replyLanguage(scope, phone);
}
