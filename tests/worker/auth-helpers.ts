import { TEST_PASSWORD, testPasswordHash } from "../support/test-password.ts";
import { api, db } from "./helpers.ts";

export const sql = db();

export const PASSWORD = TEST_PASSWORD;

export const uniqueEmail = (name = "owner") => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** The refresh cookie's value from a Set-Cookie header, and the header itself. */
export function refreshCookie(headers: Headers) {
  const header = headers.getSetCookie().find((cookie) => cookie.startsWith("refresh_token=")) ?? "";
  return { header, value: header.split(";")[0]!.slice("refresh_token=".length) };
}

export const withCookie = (value: string) => ({ cookie: `refresh_token=${value}` });

export async function latestMail(to: string, subjectPart = "") {
  const [mail] = await sql<{ subject: string; text_body: string }[]>`
    select subject, text_body from mail_outbox where to_address = ${to} and subject like ${`%${subjectPart}%`}
    order by created_at desc limit 1`;
  return mail;
}

export function linkIn(text: string): URL {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in: ${text}`);
  return new URL(match[0]);
}

export async function registerAndVerify(email = uniqueEmail(), password = PASSWORD) {
  const registered = await api("/api/auth/register", { body: { email, password } });
  if (registered.status !== 201) throw new Error(`register: ${registered.text}`);
  const link = linkIn((await latestMail(email))!.text_body);
  const verified = await api(`/api/auth/verify-email${link.search}`, { method: "POST" });
  if (verified.status !== 200) throw new Error(`verify: ${verified.text}`);
  return { email, password };
}

/**
 * A verified account made in the database, for tests of what comes after signing up (the
 * sign-up itself is auth.test.ts's), with PASSWORD hashed once per file at the tests' cost.
 */
export async function verifiedUser(email = uniqueEmail()) {
  await sql`insert into users (email, password_hash, language, email_verified_at) values (${email}, ${await testPasswordHash()}, 'en', now())`;
  return { email, password: PASSWORD };
}

export async function login(email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  const res = await api("/api/auth/login", { body: { email, password }, headers });
  return { ...res, cookie: refreshCookie(res.headers), token: res.json.access_token as string };
}
