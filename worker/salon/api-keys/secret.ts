import { API_KEY_PREFIX } from "../../../contract/api-keys.ts";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 32 base62 characters: about 190 random bits. */
const RANDOM_CHARACTERS = 32;
/** Characters after the prefix shown in the list, to tell keys apart. */
const VISIBLE_CHARACTERS = 8;

/** A new key: `rk_` and 32 base62 characters, drawn without bias (bytes of 248 and more are drawn again). */
export function newApiKey(): string {
  let out = "";
  while (out.length < RANDOM_CHARACTERS) {
    for (const byte of crypto.getRandomValues(new Uint8Array(RANDOM_CHARACTERS))) {
      if (byte < 248 && out.length < RANDOM_CHARACTERS) out += BASE62[byte % 62];
    }
  }
  return API_KEY_PREFIX + out;
}

/** What the list shows of a key. */
export const visiblePrefix = (key: string) => key.slice(0, API_KEY_PREFIX.length + VISIBLE_CHARACTERS);

/** The hex SHA-256 the salon keeps instead of the key. */
export async function apiKeyHash(key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
