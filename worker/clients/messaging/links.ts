import type { Language } from "../../../contract/languages.ts";
import { DAY_MS } from "../../../contract/time-zone.ts";

/**
 * The links a client gets in a message: their appointment's page (`/{lang}/visit/{token}`,
 * no sign-in) and leaving a salon's emails (`/{lang}/unsubscribe/{token}`). A token names one
 * row (the appointment, the message) and when it stops working, signed with a key derived
 * from JWT_SECRET for that purpose, so a visit token cannot unsubscribe and no token can be
 * made up. 28 bytes of it keep an SMS short: the id, the expiry in seconds, 96 bits of HMAC.
 */

export type LinkPurpose = "visit" | "unsubscribe";

const ID_BYTES = 16;
const EXPIRY_BYTES = 4;
const MAC_BYTES = 12;
const TOKEN_BYTES = ID_BYTES + EXPIRY_BYTES + MAC_BYTES;
/** For links that do not expire: the largest expiry a token holds (2106). */
const NEVER = 0xffff_ffff;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function purposeKey(secret: string, purpose: LinkPurpose): Promise<CryptoKey> {
  const name = `${purpose}:${secret}`;
  let key = keys.get(name);
  if (!key) {
    key = (async () => {
      const root = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      const derived = await crypto.subtle.sign("HMAC", root, encoder.encode(`recepta client link: ${purpose}`));
      return crypto.subtle.importKey("raw", derived, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    })();
    keys.set(name, key);
  }
  return key;
}

const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const idBytes = (id: string) => Uint8Array.from(id.replace(/-/g, "").match(/../g)!, (pair) => parseInt(pair, 16));
const idText = (bytes: Uint8Array) => {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

async function mac(secret: string, purpose: LinkPurpose, payload: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await purposeKey(secret, purpose), payload)).slice(0, MAC_BYTES);
}

/** A token for the row `id`, working until `expiresAt` (or always). */
export async function signLink(secret: string, purpose: LinkPurpose, id: string, expiresAt?: Date): Promise<string> {
  if (!UUID.test(id)) throw new Error("a link names a row by its uuid");
  const payload = new Uint8Array(ID_BYTES + EXPIRY_BYTES);
  payload.set(idBytes(id));
  const seconds = expiresAt ? Math.min(NEVER, Math.max(0, Math.floor(expiresAt.getTime() / 1000))) : NEVER;
  new DataView(payload.buffer).setUint32(ID_BYTES, seconds);
  const token = new Uint8Array(TOKEN_BYTES);
  token.set(payload);
  token.set(await mac(secret, purpose, payload), payload.length);
  return toBase64Url(token);
}

/** The row a token names, when it is one of ours for this purpose; `expired` once its time has passed. */
export async function readLink(secret: string, purpose: LinkPurpose, token: string, now = new Date()): Promise<{ id: string; expired: boolean } | null> {
  const bytes = token.length <= 64 ? fromBase64Url(token) : null;
  if (!bytes || bytes.length !== TOKEN_BYTES) return null;
  const payload = bytes.slice(0, ID_BYTES + EXPIRY_BYTES);
  const expected = await mac(secret, purpose, payload);
  const given = bytes.slice(ID_BYTES + EXPIRY_BYTES);
  // Every byte is compared, so how long the check takes says nothing of where a guess went wrong.
  let difference = 0;
  for (let i = 0; i < MAC_BYTES; i++) difference |= expected[i]! ^ given[i]!;
  if (difference !== 0) return null;
  const seconds = new DataView(payload.buffer).getUint32(ID_BYTES);
  return { id: idText(payload.slice(0, ID_BYTES)), expired: seconds !== NEVER && seconds * 1000 <= now.getTime() };
}

/** Where the links of messages point: the public origin and the signing secret. */
export interface LinkMaker {
  origin: string;
  secret: string;
}

/** The links' maker from the Worker's settings; undefined without APP_URL or JWT_SECRET (messages then carry no links). */
export function linkMaker(env: { APP_URL?: string; JWT_SECRET?: string }): LinkMaker | undefined {
  if (!env.APP_URL || !env.JWT_SECRET || env.JWT_SECRET.length < 32) return undefined;
  return { origin: new URL(env.APP_URL).origin, secret: env.JWT_SECRET };
}

/** A visit's link works a week past the visit, so "what did I book?" still finds an answer. */
export const visitLinkExpiry = (endAt: Date) => new Date(endAt.getTime() + 7 * DAY_MS);

export async function linkUrl(maker: LinkMaker, purpose: LinkPurpose, language: Language, id: string, expiresAt?: Date): Promise<string> {
  return `${maker.origin}/${language}/${purpose}/${await signLink(maker.secret, purpose, id, expiresAt)}`;
}
