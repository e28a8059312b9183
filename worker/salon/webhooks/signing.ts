import { WEBHOOK_SECRET_PREFIX } from "../../../contract/webhooks.ts";

/** Random bytes of a secret: 192 bits. */
const SECRET_BYTES = 24;
/** Characters after the prefix shown in the list, to tell secrets apart. */
const VISIBLE_CHARACTERS = 6;

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** A new endpoint secret, "whsec_" and the base64 of random bytes, as Standard Webhooks libraries read it. */
export function newSecret(): { secret: string; prefix: string } {
  const secret = WEBHOOK_SECRET_PREFIX + base64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
  return { secret, prefix: secret.slice(0, WEBHOOK_SECRET_PREFIX.length + VISIBLE_CHARACTERS) };
}

/**
 * The Standard Webhooks signature of one attempt: "v1," and the base64 HMAC-SHA256 of
 * `{id}.{timestamp}.{body}`, keyed with the secret's bytes. Web Crypto's HMAC is native in Workers.
 */
export async function signature(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", fromBase64(secret.slice(WEBHOOK_SECRET_PREFIX.length)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${base64(new Uint8Array(mac))}`;
}
