import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser.ts";

const browser = useBrowser();

describe("routes and languages", () => {
  it("sends a legacy address to the browser's language and keeps the query string", async () => {
    const { page, context } = await browser.visitor({ locale: "de-DE" });
    await page.goto("/blog?utm_source=newsletter&ref=7#top");
    await page.waitForURL(/\/de\/blog/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/de/blog");
    expect(url.search).toBe("?utm_source=newsletter&ref=7");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    await context.close();
  });

  it("sends / to English when the browser's language is not supported", async () => {
    const { page, context } = await browser.visitor({ locale: "fr-FR" });
    await page.goto("/");
    await page.waitForURL(/\/en$/);
    await context.close();
  });

  it("shows the not-found page for unknown paths, with a way back", async () => {
    const { page, context } = await browser.visitor();
    const response = await page.goto("/en/no-such-page");
    expect(response?.status()).toBe(200); // the SPA answers and shows its own page
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("404 Not Found");
    await page.getByText("This page does not exist").waitFor();
    await page.getByRole("link", { name: "Go Back" }).click();
    await page.waitForURL(/\/en$/);
    await context.close();
  });

  it("answers unknown API paths with a JSON 404, not the SPA", async () => {
    const { page, context } = await browser.visitor();
    const response = await page.request.get("/api/unknown");
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ detail: "This address does not exist." });
    await context.close();
  });

  it("lets the browser keep the built files, named by their content, for a year, and nothing else", async () => {
    const { page, context } = await browser.visitor();
    const scripts: string[] = [];
    page.on("response", (response) => new URL(response.url()).pathname.startsWith("/assets/") && scripts.push(response.url()));
    const html = await page.goto("/en");
    expect(html?.headers()["cache-control"] ?? "").not.toContain("immutable");
    expect(scripts.length).toBeGreaterThan(0);
    const built = await page.request.get(scripts[0]!);
    expect(built.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const unknown = await page.request.get("/assets/no-such-file-0000.js");
    expect(unknown.headers()["cache-control"] ?? "").not.toContain("immutable");
    await context.close();
  });

  it("switches language on the same page and remembers the choice", async () => {
    const { page, context } = await browser.visitor();
    await page.goto("/en/blog?ref=1");
    await page.getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("button", { name: "Česky" }).click();
    await page.waitForURL(/\/cs\/blog\?ref=1$/);
    await page.getByRole("link", { name: "Ceník" }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem("user-language"))).toBe("cs");
    // The stored choice now wins over the browser's English for unprefixed addresses.
    await page.goto("/");
    await page.waitForURL(/\/cs$/);
    await context.close();
  });

  it("starts new pages at the top and restores the position on back", async () => {
    const { page, context } = await browser.visitor();
    await page.goto("/en");
    await page.locator("#pricing").scrollIntoViewIfNeeded();
    const saved = await page.evaluate(() => window.scrollY);
    expect(saved).toBeGreaterThan(1000);
    // A click from script: Playwright's own click would first scroll the link into view.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('footer a[href="/en/blog"]')!.click());
    await page.waitForURL(/\/en\/blog$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/en$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(saved);
    await context.close();
  });
});
