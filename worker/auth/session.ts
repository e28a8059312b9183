import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { sign } from "hono/jwt";
import type { AuthUser, TokenResponse } from "../../contract/auth.ts";
import { DAY_MS } from "../../contract/time-zone.ts";
import { createRefreshToken, type UserRow } from "../data/accounts.ts";
import { beforeTenant } from "../data/tenant.ts";
import type { AppEnv, Bindings } from "../env.ts";

const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const REFRESH_TOKEN_TTL_DAYS = 30;
const REFRESH_COOKIE = "refresh_token";
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

/** Stores a new refresh token of `familyId` and sets it as the HttpOnly cookie. */
async function issueRefreshToken(c: Context<AppEnv>, userId: string, familyId: string) {
  const token = await beforeTenant(c.var.db, (scope) => createRefreshToken(scope, userId, familyId, REFRESH_TOKEN_TTL_DAYS));
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: COOKIE_PATH,
    maxAge: (REFRESH_TOKEN_TTL_DAYS * DAY_MS) / 1000,
  });
}

export async function tokenResponse(c: Context<AppEnv>, user: UserRow, familyId: string): Promise<TokenResponse> {
  await issueRefreshToken(c, user.id, familyId);
  return { access_token: await accessToken(c.env, user), token_type: "bearer", expires_in: ACCESS_TOKEN_TTL_SECONDS, user: publicUser(user) };
}

export const readRefreshCookie = (c: Context<AppEnv>) => getCookie(c, REFRESH_COOKIE);

export const clearRefreshCookie = (c: Context<AppEnv>) =>
  deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH, secure: true, httpOnly: true, sameSite: "Strict" });
