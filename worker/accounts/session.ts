import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { sign } from "hono/jwt";
import type { AuthUser, TokenResponse } from "../../contract/auth.ts";
import { DAY_MS } from "../../contract/time-zone.ts";
import { spendRefreshToken, storeRefreshToken, type UserRow } from "../data/accounts.ts";
import { base64Url, randomToken } from "../data/tokens.ts";
import { beforeTenant } from "../data/tenant.ts";
import type { AppEnv, Bindings } from "../env.ts";

const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const REFRESH_TOKEN_TTL_DAYS = 30;
const REFRESH_COOKIE = "refresh_token";
// Tabs that refresh at once present the same cookie; within this window they all continue the sign-in.
const REFRESH_GRACE_SECONDS = 20;
// The cookie goes only to the endpoints that read it.
const COOKIE_PATH = "/api/auth";

export const publicUser = (user: UserRow): AuthUser => ({
  email: user.email.toLowerCase(),
  is_active: user.is_active,
  email_verified: user.email_verified_at !== null,
});

export function jwtSecret(env: Bindings): string {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) {
    throw new Error("JWT_SECRET is missing or shorter than 32 characters: set it with `wrangler secret put JWT_SECRET`.");
  }
  return env.JWT_SECRET;
}

async function accessToken(env: Bindings, user: UserRow): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return sign(
    { sub: user.id, ver: user.token_version, iat: now, nbf: now, exp: now + ACCESS_TOKEN_TTL_SECONDS },
    jwtSecret(env),
    "HS256",
  );
}

function setRefreshCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: COOKIE_PATH,
    maxAge: (REFRESH_TOKEN_TTL_DAYS * DAY_MS) / 1000,
  });
}

const tokenResponse = async (c: Context<AppEnv>, user: UserRow): Promise<TokenResponse> => ({
  access_token: await accessToken(c.env, user),
  token_type: "bearer",
  expires_in: ACCESS_TOKEN_TTL_SECONDS,
  user: publicUser(user),
});

/** A new sign-in: its first refresh token in the cookie, and an access token. */
export async function signIn(c: Context<AppEnv>, user: UserRow): Promise<TokenResponse> {
  const token = randomToken();
  await beforeTenant(c.var.db, (scope) =>
    storeRefreshToken(scope, token, { userId: user.id, familyId: crypto.randomUUID(), days: REFRESH_TOKEN_TTL_DAYS }),
  );
  setRefreshCookie(c, token);
  return tokenResponse(c, user);
}

/**
 * The token that follows `token`: an HMAC of it under the server's key, so every request
 * that spends the same token within the grace window is answered with the same successor,
 * and nothing but its hash is stored.
 */
async function successorOf(env: Bindings, token: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(jwtSecret(env)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`refresh:${token}`))));
}

/** Continues a sign-in with its refresh token; null when the token is spent, expired or stolen. */
export async function continueSignIn(c: Context<AppEnv>, token: string): Promise<TokenResponse | null> {
  const successor = await successorOf(c.env, token);
  const session = await beforeTenant(
    c.var.db,
    (scope) => spendRefreshToken(scope, token, { successor, days: REFRESH_TOKEN_TTL_DAYS, graceSeconds: REFRESH_GRACE_SECONDS }),
    { atomic: true },
  );
  if (!session) return null;
  setRefreshCookie(c, successor);
  return tokenResponse(c, session.user);
}

export const readRefreshCookie = (c: Context<AppEnv>) => getCookie(c, REFRESH_COOKIE);

export const clearRefreshCookie = (c: Context<AppEnv>) =>
  deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH, secure: true, httpOnly: true, sameSite: "Strict" });
