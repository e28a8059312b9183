/** Bytes as URL-safe base64 without padding, as tokens travel in links and cookies. */
export const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** A random token for links and cookies: 256 bits, URL-safe. */
export const randomToken = (): string => base64Url(crypto.getRandomValues(new Uint8Array(32)));

/** Tokens are stored only as SHA-256 hashes: a database leak gives no usable links or sessions. */
export async function hashToken(token: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
}
