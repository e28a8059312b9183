/** GSM 03.38's basic character set: one septet each. */
const GSM7_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
/** Its extension table: an escape and the character, two septets each. */
const GSM7_EXTENDED = new Set("\f^{}\\[~]|€");

/**
 * How many SMS a body takes, as carriers (and Twilio's num_segments) count it: GSM-7 when
 * every character is in the GSM alphabet (160 septets, 153 each when split), else UCS-2
 * (70 UTF-16 units, 67 each when split). German umlauts fit GSM-7; Czech háčeks do not.
 */
export function smsSegments(body: string): number {
  const chars = [...body];
  if (chars.every((char) => GSM7_BASIC.has(char) || GSM7_EXTENDED.has(char))) {
    const septets = chars.reduce((sum, char) => sum + (GSM7_EXTENDED.has(char) ? 2 : 1), 0);
    return septets <= 160 ? 1 : Math.ceil(septets / 153);
  }
  return body.length <= 70 ? 1 : Math.ceil(body.length / 67);
}
