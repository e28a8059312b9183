import { TEST_PASSWORD, testPasswordHash } from "../support/test-password.ts";
import { answer, client, db } from "./helpers.ts";

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

/** The sign-in routes as the SPA calls them, from a client of its own unless `headers` name one. */
export const auth = (headers: Record<string, string> = {}) => client(headers).auth;

export const register = (email: string, password = PASSWORD, headers: Record<string, string> = {}) =>
  answer(auth(headers).register.$post({ json: { email, password } }));

/** Follows a mailed verification link, as its page does. */
export const verify = (link: URL) =>
  answer(auth()["verify-email"].$post({ query: { token: link.searchParams.get("token") ?? "", user_id: link.searchParams.get("user_id") ?? "" } }));

export async function registerAndVerify(email = uniqueEmail(), password = PASSWORD) {
  const registered = await register(email, password);
  if (registered.status !== 201) throw new Error(`register: ${JSON.stringify(registered.json)}`);
  const verified = await verify(linkIn((await latestMail(email))!.text_body));
  if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified.json)}`);
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
  const res = await answer(auth(headers).login.$post({ json: { email, password } }));
  return { ...res, cookie: refreshCookie(res.headers), token: res.json.access_token as string };
}
