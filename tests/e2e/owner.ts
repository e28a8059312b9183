import type { Page } from "playwright-core";
import type { TokenResponse } from "../../contract/auth.ts";
import { TEST_PASSWORD, testPasswordHash } from "../support/test-password.ts";
import { sql } from "./database.ts";

/** Follows the newest link mailed to `to` whose subject contains `subject`, from the local mailbox. */
export async function openMailedLink(page: Page, to: string, subject = "") {
  await page.goto("/dev/mailbox");
  const mail = page.getByTestId("mailbox-item").filter({ hasText: to }).filter({ hasText: subject }).first();
  await mail.waitFor();
  await mail.getByRole("link").first().click();
}

/**
 * A new salon owner with a verified account, not signed in. Signing up and following the mailed
 * link are the accounts test's journey; here the account is put in the database.
 */
export async function verifiedOwner() {
  const email = `owner-${crypto.randomUUID().slice(0, 12)}@salon.example`;
  await sql`insert into users (email, password_hash, email_verified_at, language) values (${email}, ${await testPasswordHash()}, now(), 'en')`;
  return { email, password: TEST_PASSWORD };
}

/** The status the dashboard API answers a successful call with: 201 for what a POST creates. */
const SUCCESS = { get: 200, post: 201, put: 200 } as const;

/**
 * The dashboard API as the signed-in page calls it: the tab's token, the salon's time zone.
 * Any other status than a success's throws with its text; an answer is read as the caller says it is.
 */
export async function ownerApi(page: Page, timeZone = "Europe/Prague") {
  const token = await page.evaluate(() => sessionStorage.getItem("accessToken"));
  const headers = { Authorization: `Bearer ${token}`, "X-Time-Zone": timeZone };
  const send = async <T>(method: keyof typeof SUCCESS, path: string, data?: object): Promise<T> => {
    const response = await page.request[method](`/api/dashboard/${path}`, { data, headers });
    if (response.status() !== SUCCESS[method]) throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    get: <T>(path: string) => send<T>("get", path),
    post: <T = { id: string }>(path: string, data: object) => send<T>("post", path, data),
    put: <T = { id: string }>(path: string, data: object) => send<T>("put", path, data),
  };
}

/** A new salon owner, registered, verified and signed in (see logIn). */
export async function signedInOwner(page: Page) {
  const owner = await verifiedOwner();
  await logIn(page, owner.email, owner.password);
  return owner;
}

/**
 * Signs an owner in as the Log In dialog does (its journey is the accounts test's): the API's
 * refresh cookie lands in the page's context, and the tab keeps the access token and who is
 * signed in, where the SPA keeps them. The page is left on a blank page of the site: the next
 * page the test opens is the owner's.
 */
export async function logIn(page: Page, email: string, password: string) {
  const response = await page.request.post("/api/auth/login", { data: { email, password } });
  if (!response.ok()) throw new Error(`log in: ${await response.text()}`);
  const { access_token: token, user } = (await response.json()) as TokenResponse;
  await page.goto("/api/health");
  await page.evaluate(
    ({ token, user }) => {
      sessionStorage.setItem("accessToken", token);
      localStorage.setItem("user", JSON.stringify({ email: user.email.toLowerCase(), isActive: user.is_active }));
    },
    { token, user },
  );
}
