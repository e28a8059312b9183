/**
 * TwiML, the XML that tells Twilio what to do with a call: the few documents the product
 * answers with. Every value is escaped, so a salon's text or a caller's number cannot break
 * out of its attribute or element.
 */

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

/** Text for an XML attribute or element: markup escaped, characters XML 1.0 forbids dropped. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function attributes(values: Record<string, string | number | boolean | undefined>): string {
  let text = "";
  for (const [name, value] of Object.entries(values)) if (value !== undefined) text += ` ${name}="${xmlEscape(String(value))}"`;
  return text;
}

const response = (body: string) => `${HEAD}<Response>${body}</Response>`;

/**
 * Connects the call to a two-way media stream at `url` (wss://). The parameters come back in
 * the stream's `start` message as `customParameters`. When the stream's socket closes, the
 * call goes on to the next verb; there is none, so the call ends.
 */
export function connectStreamTwiml(url: string, parameters: Record<string, string> = {}, options: { statusCallback?: string } = {}): string {
  const inner = Object.entries(parameters)
    .map(([name, value]) => `<Parameter${attributes({ name, value })}/>`)
    .join("");
  const stream = `<Stream${attributes({ url, statusCallback: options.statusCallback })}${inner ? `>${inner}</Stream>` : "/>"}`;
  return response(`<Connect>${stream}</Connect>`);
}

/**
 * Says `text` (in `language`, e.g. "cs-CZ", with Twilio's default voice for it) and hangs up;
 * several texts are said a second apart.
 */
export function sayAndHangUpTwiml(text: string | readonly string[], options: { language?: string; voice?: string } = {}): string {
  const say = (part: string) => `<Say${attributes({ language: options.language, voice: options.voice })}>${xmlEscape(part)}</Say>`;
  return response(`${(typeof text === "string" ? [text] : text).map(say).join('<Pause length="1"/>')}<Hangup/>`);
}

/** Does nothing: the answer to a message the product does not reply to. */
export const emptyTwiml = () => response("");

/**
 * Puts the caller through to `number` (E.164). Without `callerId` the person sees the
 * caller's own number, which is what a salon answering a transferred call wants. With
 * `answerOnBridge` the caller keeps hearing ringing until the person picks up.
 */
export function dialTwiml(number: string, options: { callerId?: string; timeoutSeconds?: number; answerOnBridge?: boolean } = {}): string {
  const dial = attributes({ callerId: options.callerId, timeout: options.timeoutSeconds, answerOnBridge: options.answerOnBridge });
  return response(`<Dial${dial}><Number>${xmlEscape(number)}</Number></Dial>`);
}

/** Hangs up at once. */
export const hangUpTwiml = () => response("<Hangup/>");

/** Answers an incoming text message with one of its own. */
export const messageTwiml = (text: string) => response(`<Message>${xmlEscape(text)}</Message>`);
