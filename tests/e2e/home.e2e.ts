import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fitsWidth, screenshot, useBrowser, VIEWPORTS } from "./browser.ts";

const browser = useBrowser();

const sectionOrder = (page: Page) =>
  page.$$eval("main > section", (sections) => sections.map((section) => section.id || section.querySelector("h1,h2")?.textContent?.trim()));

describe("home page", () => {
  // A phone is where a language's longer words would stick out; the wide layout is the same in each.
  it.each([
    ["en", /€39/, ["desktop", "phone"]],
    ["de", /39\s€/, ["phone"]],
    ["cs", /990\sKč/, ["phone"]],
  ] as const)("renders in %s with its sections in order and prices in the right currency", async (language, starterPrice, widths) => {
    for (const name of widths) {
      const viewport = VIEWPORTS[name];
      const { page, context } = await browser.visitor({ viewport });
      await page.goto(`/${language}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      const order = await sectionOrder(page);
      expect(order.indexOf("use-cases")).toBe(1);
      expect(order.indexOf("features")).toBe(2);
      expect(order.at(-1)).toBe("pricing");
      expect(order).toHaveLength(6);
      await expect.poll(() => page.locator("#pricing").innerText()).toMatch(starterPrice);
      if (name === "desktop") await page.getByRole("link", { name: "Pricing", exact: true }).first().waitFor();
      // Nothing may stick out sideways on a phone.
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `home-${language}-${name}`);
      await context.close();
    }
  });

  it("joins the waitlist, and refuses an invalid address with a toast", async () => {
    const { page, context } = await browser.visitor();
    await page.goto("/en");
    const input = page.getByLabel("Your email address");
    await input.fill("owner@salon");
    await page.getByRole("button", { name: "Join the waitlist" }).click();
    await page.getByRole("alert").filter({ hasText: "Please enter a valid email address" }).waitFor();

    await input.fill(`owner-${Date.now()}@salon.example`);
    await page.getByRole("button", { name: "Join the waitlist" }).click();
    await page.getByRole("status").filter({ hasText: "Thanks for joining our waitlist!" }).waitFor();
    await context.close();
  });

  it("opens the contact modal in each of its modes", async () => {
    const { page, context } = await browser.visitor();
    await page.goto("/en");
    const dialog = page.getByRole("dialog");
    const closeDialog = async () => {
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    };

    await page.locator("#use-cases").getByRole("button", { name: "Contact Sales" }).click();
    await page.getByRole("dialog", { name: "Contact Sales" }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");
    expect(await dialog.getByLabel("Message").inputValue()).toBe("");
    await closeDialog();

    await page.locator("#use-cases").getByRole("button", { name: "Contact us" }).click();
    await page.getByRole("dialog", { name: "Contact Support" }).waitFor();
    expect(await dialog.getByLabel("Message").inputValue()).toContain("my business is not among your use cases");
    await closeDialog();

    await page.locator("#pricing").getByRole("button", { name: /Start free trial/ }).nth(1).click();
    await page.getByRole("dialog", { name: "Start your free trial: Growth" }).waitFor();
    await closeDialog();

    await page.locator("#pricing").getByRole("button", { name: /Contact sales/i }).last().click();
    await page.getByRole("dialog", { name: "Talk to us about Enterprise" }).waitFor();
    await dialog.getByLabel("Your Email").fill("chain@example.com");
    await dialog.getByLabel("Message").fill("We run 12 salons.");
    await screenshot(page, "contact-modal-enterprise", { fullPage: false });
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").filter({ hasText: "Your message has been sent successfully!" }).waitFor();
    await dialog.waitFor({ state: "detached" });

    // The message reached the sales inbox, visible in the local mailbox.
    await page.goto("/dev/mailbox");
    await page.getByText("Contact form: chain@example.com").waitFor();
    await context.close();
  });

  it("opens the support modal from /helpdesk and the pricing page from /subscription", async () => {
    const { page, context } = await browser.visitor({ locale: "cs-CZ" });
    await page.goto("/helpdesk");
    await page.getByRole("dialog", { name: "Kontaktovat podporu" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/cs");
    await page.goto("/subscription");
    await page.waitForURL(/\/cs\/pricing$/);
    await expect.poll(() => page.locator("table").first().locator("tbody tr").count()).toBe(13);
    await screenshot(page, "pricing-cs-desktop");
    await context.close();
  });

  it("scrolls to a home section from another page", async () => {
    const { page, context } = await browser.visitor();
    await page.goto("/en/blog");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL(/\/en#pricing$/);
    await expect
      .poll(() => page.evaluate(() => Math.abs(document.getElementById("pricing")!.getBoundingClientRect().top)))
      .toBeLessThan(80);
    await context.close();
  });
});

describe("hairdresser article", () => {
  it("computes the yearly loss for a non-default input, in Kč for Czech", async () => {
    const { page, context } = await browser.visitor({ viewport: VIEWPORTS.phone });
    await page.goto("/cs/blog");
    await page.locator("main a[href='/cs/blog/hairdresser-pitch']").first().click();
    await page.waitForURL(/\/cs\/blog\/hairdresser-pitch$/);
    const loss = page.getByTestId("yearly-loss");
    // Default: 4 calls × €30 × 250 days = €30,000 = 750 000 Kč.
    await expect.poll(() => loss.textContent()).toMatch(/750\s000\sKč/);
    await page.getByRole("slider", { name: /Zmeškané hovory/i }).fill("10");
    await expect.poll(() => loss.textContent()).toMatch(/1\s875\s000\sKč/);
    await screenshot(page, "article-cs-phone");
    await context.close();
  });
});
