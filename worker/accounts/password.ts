import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// OWASP's scrypt setting for a 32 MiB budget: N=2^15, r=8, p=3 (about 250 ms here).
// Workers' isolates have 128 MB, so memory-hardness is bought with p rather than N.
const CURRENT = { logN: 15, r: 8, p: 3 };
const KEY_LENGTH = 32;

/** scrypt's cost parameters; a stored hash names its own, so a login verifies at the cost it was made with. */
export type ScryptCost = typeof CURRENT;

function derive(password: string, salt: Buffer, { logN, r, p }: ScryptCost): Promise<Buffer> {
  const N = 2 ** logN;
  // Node's default maxmem (32 MiB) is exactly what N=2^15, r=8 needs, and scrypt refuses it.
  const options: ScryptOptions = { N, r, p, maxmem: 2 * 128 * N * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, cost: ScryptCost = CURRENT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  const { logN, r, p } = cost;
  return `scrypt$${logN}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), { logN: Number(logN), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let decoy: Promise<string> | undefined;

/** A hash of a random password, checked when an address is unknown, so that a failed login
 * takes as long whether or not the account exists. Made on first use, not at start-up. */
export const decoyHash = () => (decoy ??= hashPassword(crypto.randomUUID()));
