/**
 * How many SMS a text is sent as. Text in the GSM-7 alphabet fits 160 characters in one
 * message and 153 in each part of a longer one; a single character outside it (Czech
 * letters, a dash "–") sends the whole text as UCS-2: 70, and 67 a part.
 */

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** Characters of the extension table, each sent as two. */
const GSM_EXTENDED = "^{}\\[~]|€\f";

export interface SmsSize {
  encoding: "gsm7" | "ucs2";
  /** Characters as the network counts them. */
  characters: number;
  segments: number;
  /** What one message of this encoding holds, and one part of a longer one. */
  single: number;
  part: number;
}

export function smsSize(text: string): SmsSize {
  let gsm = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) gsm += 1;
    else if (GSM_EXTENDED.includes(char)) gsm += 2;
    else return sized("ucs2", text.length, 70, 67);
  }
  return sized("gsm7", gsm, 160, 153);
}

function sized(encoding: SmsSize["encoding"], characters: number, single: number, part: number): SmsSize {
  return { encoding, characters, segments: characters <= single ? 1 : Math.ceil(characters / part), single, part };
}
