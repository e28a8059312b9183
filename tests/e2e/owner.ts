import type { Page } from "playwright-core";

/** Follows the newest link mailed to `to` whose subject contains `subject`, from the local mailbox. */
export async function openMailedLink(page: Page, to: string, subject = "") {
  await page.goto("/dev/mailbox");
  const mail = page.getByTestId("mailbox-item").filter({ hasText: to }).filter({ hasText: subject }).first();
  await mail.waitFor();
  await mail.getByRole("link").first().click();
}

/** A new salon owner, registered and verified through the mailed link, not signed in. */
export async function verifiedOwner(page: Page, password = "Salon-2026!") {
  const email = `owner-${Date.now()}-${Math.floor(Math.random() * 1e6)}@salon.example`;
  // Each owner signs up from an address of their own, as owners do: registrations are limited per address.
  const address = `198.51.100.${Math.floor(Math.random() * 254) + 1}`;
  const registered = await page.request.post("/api/auth/register", { data: { email, password }, headers: { "cf-connecting-ip": address } });
  if (registered.status() !== 201) throw new Error(`register: ${await registered.text()}`);
  await openMailedLink(page, email);
  await page.waitForURL(/\/[a-z]{2}$/);
  return { email, password };
}

/** A new salon owner, registered, verified through the mailed link and logged in (English UI). */
export async function signedInOwner(page: Page, password = "Salon-2026!") {
  const { email } = await verifiedOwner(page, password);
  await logIn(page, email, password);
  return { email, password };
}

/** Logs an owner in through the Log In dialog (English UI). */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/en?auth=login");
  const login = page.getByRole("dialog", { name: "Log In" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password", { exact: true }).fill(password);
  await login.getByRole("button", { name: "Log In" }).click();
  await page.getByRole("button", { name: `Account menu for ${email}` }).waitFor();
}
