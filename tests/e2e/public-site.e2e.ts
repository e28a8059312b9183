import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityProblems } from "./axe.ts";
import { VIEWPORTS, screenshot, settled, useBrowser } from "./browser.ts";
import { t } from "./catalogue.ts";
import { signedInOwner } from "./owner.ts";

const browser = useBrowser();

const WIDTHS = { phone: VIEWPORTS.phone, laptop: { width: 1366, height: 768 } } as const;
const PAGES = ["/en/pricing", "/cs/blog", "/cs/blog/hairdresser-pitch", "/en/no-such-page"];
// The home page and its dialogs differ between languages only in words: each language's are
// checked at one width.
const HOME_LANGUAGES = { laptop: ["en", "cs"], phone: ["de"] } as const;

const hamburger = (page: Page, language: string) => page.getByRole("button", { name: t(language, "nav.menu.open") });
const mobileMenu = (page: Page, language: string) => page.getByRole("dialog", { name: t(language, "nav.menu.title") });

/** What has focus: its aria-label or its text, or "body" when nothing has. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "body";
    return element.getAttribute("aria-label") ?? element.textContent?.trim();
  });

/** Opens Log In or Register from the bar, or from the menu on a phone. */
async function openAccountDialog(page: Page, language: string, which: "login" | "register", phone: boolean) {
  const scope = phone ? mobileMenu(page, language) : page.getByRole("navigation", { name: t(language, "nav.label") });
  if (phone) await hamburger(page, language).click();
  await scope.getByRole("button", { name: t(language, `nav.${which}`), exact: true }).click();
}

describe("public site accessibility", () => {
  it.each(Object.entries(WIDTHS))("has no serious or critical axe findings on any page or dialog at %s width", { timeout: 180_000 }, async (name, viewport) => {
    const { page, context } = await browser.visitor({ viewport });
    const phone = name === "phone";
    const findings: Record<string, string[]> = {};
    const check = async (label: string, selector?: string) => {
      await settled(page);
      findings[label] = await accessibilityProblems(page, selector);
    };

    for (const path of PAGES) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await check(path);
    }

    for (const language of HOME_LANGUAGES[name as keyof typeof WIDTHS]) {
      await page.goto(`/${language}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await check(`/${language}`);
      const dialog = page.getByRole("dialog");
      const close = async () => {
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
      };

      await openAccountDialog(page, language, "login", phone);
      await page.getByRole("dialog", { name: t(language, "auth.login.title") }).waitFor();
      await check(`${language} login`, "[role=dialog]");
      await screenshot(page, `login-${language}-${name}`, { fullPage: false });
      await dialog.getByRole("button", { name: t(language, "auth.login.forgot") }).click();
      await page.getByRole("dialog", { name: t(language, "auth.reset.title") }).waitFor();
      await check(`${language} forgot`, "[role=dialog]");
      await close();

      await openAccountDialog(page, language, "register", phone);
      await page.getByRole("dialog", { name: t(language, "auth.register.title") }).waitFor();
      await check(`${language} register`, "[role=dialog]");
      await close();

      await page.locator("#use-cases").getByRole("button", { name: t(language, "useCases.cta.contactSales") }).click();
      await page.getByRole("dialog", { name: t(language, "contact.modal.title.sales") }).waitFor();
      await check(`${language} contact sales`, "[role=dialog]");
      await close();

      await page.locator("#use-cases").getByRole("button", { name: t(language, "useCases.cta.notListed") }).click();
      await page.getByRole("dialog", { name: t(language, "contact.modal.title.support") }).waitFor();
      await check(`${language} support`, "[role=dialog]");
      await close();
    }

    console.log(`axe at ${name} width:\n${Object.entries(findings).map(([label, found]) => `  ${label}: ${found.length}`).join("\n")}`);
    expect(Object.fromEntries(Object.entries(findings).filter(([, found]) => found.length > 0))).toEqual({});
    await context.close();
  });
});

/** The controls that are not on top at their centre inside the viewport: covered, cut off or scrolled away. */
const outOfReach = (controls: Locator) =>
  controls.evaluateAll((elements) =>
    elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const hit = y < window.innerHeight && x < window.innerWidth ? document.elementFromPoint(x, y) : null;
        return !hit || !element.contains(hit);
      })
      .map((element) => element.textContent!.trim()),
  );

describe("mobile menu", () => {
  it.each(["en", "de", "cs"])("shows every item at once on a 390 px phone in %s, keeps focus inside and closes on Escape", async (language) => {
    const { page, context } = await browser.visitor({ viewport: VIEWPORTS.phone });
    await page.goto(`/${language}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await hamburger(page, language).click();
    const menu = mobileMenu(page, language);
    await menu.waitFor();
    await settled(page);

    // Every control of the menu sits in the viewport, on top, where a finger would press it.
    const controls = menu.locator("a, button");
    const names = (await controls.evaluateAll((elements) => elements.map((element) => element.getAttribute("aria-label") ?? element.textContent!.trim())));
    for (const expected of ["nav.home", "nav.useCases", "nav.features", "nav.pricing", "nav.integrations", "nav.blog", "nav.dashboard", "nav.login", "nav.register", "nav.menu.close"]) {
      expect(names).toContain(t(language, expected));
    }
    expect(names).toEqual(expect.arrayContaining(["English", "Deutsch", "Česky"]));
    expect(await outOfReach(controls)).toEqual([]);
    await screenshot(page, `mobile-menu-${language}-phone`, { fullPage: false });

    // Tab goes round the menu and never leaves it.
    const count = await controls.count();
    for (let step = 0; step <= count; step++) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    // The page behind stays still, also once the menu itself is scrolled to its end (a wheel
    // there would otherwise carry on to the page).
    await menu.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.mouse.wheel(0, 800);
    // Wheels scroll at once in the tests' Chromium: two frames on, the page is where the wheel left it.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe(t(language, "nav.menu.open"));
    await context.close();
  });

  it("closes on navigation, and opens Log In, which gives focus back to the menu button", async () => {
    const { page, context } = await browser.visitor({ viewport: VIEWPORTS.phone });
    await page.goto("/en");
    await hamburger(page, "en").click();
    await mobileMenu(page, "en").getByRole("link", { name: "Blog" }).click();
    await page.waitForURL(/\/en\/blog$/);
    await mobileMenu(page, "en").waitFor({ state: "detached" });
    // The address changes before the blog's code has loaded, and the page's arrival closes a
    // menu opened meanwhile: a visitor opens it again once the blog is there.
    await page.getByRole("heading", { level: 1, name: t("en", "blog.index.title") }).waitFor();

    await openAccountDialog(page, "en", "login", true);
    const dialog = page.getByRole("dialog", { name: "Log In" });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe("Open menu");
    await context.close();
  });

  it("shows a signed-in owner's account items in place of Log In and Register", async () => {
    const { page, context } = await browser.visitor();
    const { email } = await signedInOwner(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/en");
    await hamburger(page, "en").click();
    const menu = mobileMenu(page, "en");
    await menu.waitFor();
    // The account's links load with the menu's first opening.
    await menu.getByRole("link", { name: "Salon Settings" }).waitFor();
    await settled(page);
    const items = menu.locator("a, button");
    const names = await items.allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(["Salon Settings", "Subscription Plans", "Contact Support", "Log out"]));
    expect(names).not.toContain("Login");
    await menu.getByText(email).waitFor();
    expect(await outOfReach(items)).toEqual([]);
    await screenshot(page, "mobile-menu-signed-in-en-phone", { fullPage: false });

    await menu.getByRole("button", { name: "Log out" }).click();
    await menu.waitFor({ state: "detached" });
    await hamburger(page, "en").click();
    await mobileMenu(page, "en").getByRole("button", { name: "Login", exact: true }).waitFor();
    await context.close();
  });
});

describe("keyboard", () => {
  it("offers Skip to content first, which moves focus to the page's content", async () => {
    const { page, context } = await browser.visitor();
    await page.goto("/de/pricing");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Zum Inhalt springen" });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.width).toBeGreaterThan(50);
    expect(box.y).toBeGreaterThanOrEqual(0);
    await screenshot(page, "skip-link-de-desktop", { fullPage: false });
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
    expect(new URL(page.url()).hash).toBe("");
    await context.close();
  });

  it.each([
    ["laptop", WIDTHS.laptop, "Login"],
    ["phone", VIEWPORTS.phone, "Open menu"],
  ] as const)("gives focus back to what opened Log In after it hands over to Forgot password and that closes (%s)", async (name, viewport, opener) => {
    const { page, context } = await browser.visitor({ viewport });
    await page.goto("/en");
    await openAccountDialog(page, "en", "login", name === "phone");
    await page.getByRole("dialog", { name: "Log In" }).getByRole("button", { name: "Forgot Password?" }).click();
    const forgot = page.getByRole("dialog", { name: "Reset Password" });
    await forgot.waitFor();
    await settled(page);
    // Log In, gone, leaves focus where Forgot password put it.
    expect(await forgot.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await forgot.waitFor({ state: "detached" });
    await settled(page);
    await expect.poll(() => focused(page)).toBe(opener);
    await context.close();
  });

  it("names the language button after the code it shows", async () => {
    const { page, context } = await browser.visitor();
    for (const [language, name] of [["en", "EN – Language: English"], ["de", "DE – Sprache: Deutsch"], ["cs", "CS – Jazyk: Česky"]]) {
      await page.goto(`/${language}`);
      await page.getByRole("button", { name, exact: true }).waitFor();
    }
    await context.close();
  });
});

describe("public forms", () => {
  it("answers the waitlist in a toast, not under the form", async () => {
    const { page, context } = await browser.visitor({ viewport: VIEWPORTS.phone });
    await page.goto("/en");
    const form = page.locator("form").filter({ has: page.getByLabel("Your email address") });
    await form.getByLabel("Your email address").fill(`owner-${Date.now()}@salon.example`);
    await form.getByRole("button", { name: "Join the waitlist" }).click();
    const toasts = page.getByRole("list", { name: "Notifications" });
    await toasts.getByRole("status").filter({ hasText: "Thanks for joining our waitlist!" }).waitFor();
    expect(await form.innerText()).not.toContain("Thanks");
    await screenshot(page, "waitlist-toast-phone", { fullPage: false });
    await context.close();
  });

  it("takes the reset token out of the address, so a reload does not reopen the dialog", async () => {
    const { page, context } = await browser.visitor();
    await page.goto("/en/reset-password?token=reset-token-123&ref=mail");
    const dialog = page.getByRole("dialog", { name: "Reset Password" });
    await dialog.waitFor();
    await page.waitForURL((url) => !url.searchParams.has("token"));
    expect(new URL(page.url()).search).toBe("?ref=mail");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await settled(page);
    expect(await page.getByRole("dialog").count()).toBe(0);
    // Replaced, not pushed: Back does not return to the address with the token either.
    await page.goBack();
    expect(page.url()).not.toContain("token");
    await context.close();
  });
});
