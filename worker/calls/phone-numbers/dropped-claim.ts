import { isLanguage } from "../../../contract/languages.ts";
import { displayPhone } from "../../../contract/phone.ts";
import type { DroppedClaim } from "../../data/phone-numbers.ts";
import { translator } from "../../platform/messages/index.ts";

/** The mail telling an owner their claim to a number was dropped, in their own language. */
export function droppedClaimText(claim: DroppedClaim): { subject: string; text: string } {
  const t = translator(isLanguage(claim.owner_language) ? claim.owner_language : "en");
  const number = displayPhone(claim.number);
  return { subject: t("mail.numberReleased.subject", { number }), text: t("mail.numberReleased.text", { number }) };
}
