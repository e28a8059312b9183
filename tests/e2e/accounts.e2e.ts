import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, useBrowser } from "./browser.ts";
import { openMailedLink, signedInOwner, verifiedOwner } from "./owner.ts";

const browser = useBrowser();

const avatar = (page: Page, email: string) => page.getByRole("button", { name: `Account menu for ${email}` });

describe("accounts in the browser", () => {
  it("registers, verifies by mail, logs in, stays signed in across a reload, and logs out", async () => {
    const { page, context } = await browser.visitor();
    const email = `owner-${Date.now()}@salon.example`;
    const password = "Salon-2026!";

    await page.goto("/en");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Register" }).click();
    const register = page.getByRole("dialog", { name: "Register" });
    await register.getByLabel("Email").fill(email.toUpperCase());
    await register.getByLabel("Password", { exact: true }).fill(password);
    await screenshot(page, "register-modal", { fullPage: false });
    await register.getByRole("button", { name: "Register" }).click();
    await page.getByText("Please check your email to verify your account. The verification link will expire in 24 hours.").waitFor();

    await openMailedLink(page, email, "Confirm your email address");
    await page.waitForURL(/\/en\/verify-email\?token=.+&user_id=.+/);
    await page.getByRole("heading", { name: "Email Verified!" }).waitFor();
    await page.waitForURL(/\/en$/);
    const login = page.getByRole("dialog", { name: "Log In" });
    await login.getByText("Email verified successfully! Please log in.").waitFor();
    await login.getByLabel("Email").fill(email);
    await login.getByLabel("Password", { exact: true }).fill(password);
    await login.getByRole("button", { name: "Log In" }).click();
    await page.getByText("Welcome back!").waitFor();
    await avatar(page, email).waitFor();
    expect(await avatar(page, email).textContent()).toBe("O");

    // A new tab starts without an access token: the refresh cookie renews it.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await avatar(page, email).waitFor();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("accessToken"))).toMatch(/^ey/);

    await avatar(page, email).click();
    await screenshot(page, "account-menu", { fullPage: false });
    await page.getByRole("link", { name: "Dashboard" }).last().click();
    await page.waitForURL(/\/en\/dashboard\/assistant$/);

    await avatar(page, email).click();
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Login" }).waitFor();
    expect(await page.evaluate(() => [sessionStorage.getItem("accessToken"), localStorage.getItem("user")])).toEqual([null, null]);

    // Signed out, the dashboard sends visitors to the login dialog, and back after it.
    await page.goto("/en/dashboard/calls");
    const again = page.getByRole("dialog", { name: "Log In" });
    await again.waitFor().catch(async (error: unknown) => {
      throw new Error(`no login dialog at ${page.url()}: ${String(error)}`);
    });
    await again.getByLabel("Email").fill(email);
    await again.getByLabel("Password", { exact: true }).fill(password);
    await again.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(/\/en\/dashboard\/calls$/);
    await context.close();
  });

  it("resets a forgotten password through the mailed link and logs in with the new one", async () => {
    const { page, context } = await browser.visitor({ locale: "de-DE" });
    const email = `reset-${Date.now()}@salon.example`;
    // An account made through the API, verified through its link.
    const api = page.request;
    const registered = await api.post("/api/auth/register", { data: { email, password: "Old-password-1" } });
    expect(registered.status(), await registered.text()).toBe(201);
    await openMailedLink(page, email, "");
    await page.waitForURL(/\/[a-z]{2}$/); // verified, sent on to the home page

    await page.goto("/de?auth=login");
    await page.getByRole("dialog").getByRole("button", { name: /Passwort vergessen/ }).click();
    const forgot = page.getByRole("dialog");
    await forgot.getByLabel("E-Mail").fill(email);
    await forgot.getByRole("button", { name: /Link/ }).click();
    await page.getByText("Wir senden Ihnen einen Link zum Zurücksetzen Ihres Passworts an die angegebene E-Mail-Adresse.").first().waitFor();

    await openMailedLink(page, email, "Passwort zurücksetzen");
    await page.waitForURL(/\/de\/reset-password/);
    const reset = page.getByRole("dialog");
    await reset.getByLabel(/Neues Passwort/).fill("New-password-2");
    await screenshot(page, "reset-password-modal-de", { fullPage: false });
    await reset.getByRole("button", { name: /Passwort zurücksetzen/ }).click();
    await page.getByText("Ihr Passwort wurde erfolgreich zurückgesetzt! Bitte melden Sie sich mit Ihrem neuen Passwort an.").waitFor();
    await page.waitForURL(/\/de$/);

    const old = await api.post("/api/auth/login", { data: { email, password: "Old-password-1" } });
    expect(old.status()).toBe(401);
    await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("button", { name: "Anmelden" }).click();
    const login = page.getByRole("dialog", { name: "Anmelden" });
    await login.getByLabel("E-Mail").fill(email);
    await login.getByLabel("Passwort", { exact: true }).fill("New-password-2");
    await login.getByRole("button", { name: "Anmelden" }).click();
    await page.getByText("Willkommen zurück!").waitFor();
    await context.close();
  });

  it("shows the next owner signing in on the same tab nothing of the last one's salon", async () => {
    const { page, context } = await browser.visitor();
    const first = await signedInOwner(page);
    const next = await verifiedOwner();
    const salonName = page.getByLabel("Salon Name");

    await page.goto("/en");
    await avatar(page, first.email).click();
    await page.getByRole("link", { name: "Salon Settings" }).click();
    await salonName.fill("Salon of the first owner");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("status").filter({ hasText: "Salon settings saved successfully" }).first().waitFor();

    // Out and in again without a reload, which would have emptied every cache anyway. Signed
    // out on a dashboard screen, the login dialog opens and leads back to it.
    await avatar(page, first.email).click();
    await page.getByRole("button", { name: "Log out" }).click();
    const login = page.getByRole("dialog", { name: "Log In" });
    await login.getByLabel("Email").fill(next.email);
    await login.getByLabel("Password", { exact: true }).fill(next.password);
    // The next owner's salon is held back: whatever shows meanwhile came from the tab's memory.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/dashboard/salon", async (route) => {
      await held;
      await route.continue();
    });
    await login.getByRole("button", { name: "Log In" }).click();
    await avatar(page, next.email).waitFor();
    await page.waitForURL(/\/en\/salon-settings$/);
    // Their salon is made on this first visit, so the screen waits for it before its own data.
    await page.getByText("Loading your salon…").or(page.getByText("Loading salon information...")).or(salonName).first().waitFor();
    expect(await salonName.count()).toBe(0);
    release();
    await salonName.waitFor();
    expect(await salonName.inputValue()).not.toBe("Salon of the first owner");
    await context.close();
  });
});
