import type { Page } from "playwright-core";
import type { TokenResponse } from "../../contract/auth.ts";

/** Follows the newest link mailed to `to` whose subject contains `subject`, from the local mailbox. */
export async function openMailedLink(page: Page, to: string, subject = "") {
  await page.goto("/dev/mailbox");
  const mail = page.getByTestId("mailbox-item").filter({ hasText: to }).filter({ hasText: subject }).first();
  await mail.waitFor();
  await mail.getByRole("link").first().click();
}

/** The newest mail to `to` in the local mailbox, as its API lists it. */
async function mailTo(page: Page, to: string): Promise<{ text: string }> {
  const response = await page.request.get("/api/dev/mailbox");
  const { items } = (await response.json()) as { items: { to: string; text: string }[] };
  const mail = items.find((item) => item.to === to);
  if (!mail) throw new Error(`no mail to ${to} in the local mailbox`);
  return mail;
}

/**
 * A new salon owner, registered and verified through the mailed link, not signed in. The
 * browser journey of both is the accounts test's; here they go through the API the dialogs use.
 */
export async function verifiedOwner(page: Page, password = "Salon-2026!") {
  const email = `owner-${Date.now()}-${Math.floor(Math.random() * 1e6)}@salon.example`;
  // Each owner signs up from an address of their own, as owners do: registrations are limited per address.
  const address = `198.51.100.${Math.floor(Math.random() * 254) + 1}`;
  const registered = await page.request.post("/api/auth/register", { data: { email, password }, headers: { "cf-connecting-ip": address } });
  if (registered.status() !== 201) throw new Error(`register: ${await registered.text()}`);
  const link = /https?:\/\/\S+\/verify-email\?\S+/.exec((await mailTo(page, email)).text);
  if (!link) throw new Error(`no verification link mailed to ${email}`);
  const verified = await page.request.post(`/api/auth/verify-email${new URL(link[0]).search}`);
  if (!verified.ok()) throw new Error(`verify: ${await verified.text()}`);
  return { email, password };
}

/** A new salon owner, registered, verified and signed in (see logIn). */
export async function signedInOwner(page: Page, password = "Salon-2026!") {
  const { email } = await verifiedOwner(page, password);
  await logIn(page, email, password);
  return { email, password };
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
