/** The cases a salon's existing line can forward its calls in, and turning them all off. */
export const FORWARDING_KINDS = ["always", "busy", "unanswered", "unreachable", "cancel"] as const;
export type ForwardingKind = (typeof FORWARDING_KINDS)[number];

/**
 * The GSM supplementary-service codes that set call forwarding (3GPP TS 22.030): "**" registers
 * and activates a forwarding to the number given, "##002#" erases every one. Most mobile
 * networks accept them; landlines and some carriers have codes of their own.
 */
const SERVICE_CODES: Record<Exclude<ForwardingKind, "cancel">, string> = {
  always: "21",
  busy: "67",
  unanswered: "61",
  unreachable: "62",
};

/** What to dial on the salon's phone so its calls reach `e164` (e.g. "+420777123456"), case by case. */
export function forwardingCodes(e164: string): { kind: ForwardingKind; code: string }[] {
  return FORWARDING_KINDS.map((kind) => ({ kind, code: kind === "cancel" ? "##002#" : `**${SERVICE_CODES[kind]}*${e164}#` }));
}
