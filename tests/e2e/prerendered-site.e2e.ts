import { describe, expect, it } from "vitest";
import { baseUrl, hydrated, useBrowser } from "./browser.ts";

const browser = useBrowser();

/** The page as a crawler or a link preview gets it: the Worker's answer, no JavaScript run. */
async function served(path: string) {
  const response = await fetch(`${baseUrl()}${path}`);
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
}

const attribute = (html: string, selector: RegExp) => html.match(selector)?.[1];

describe("the public pages as served", () => {
  it("serves each public page prerendered in its language, with its own title, description and addresses", async () => {
    const origin = baseUrl();
    const cases = [
      { path: "/cs", lang: "cs", h1: "Už vám neuteče", title: "AI telefonní recepční pro kadeřnictví · Recepta" },
      { path: "/de/pricing", lang: "de", h1: "Tarife und Preise", title: "Tarife und Preise · Recepta" },
      { path: "/en/blog/hairdresser-pitch", lang: "en", h1: "Every missed call is an empty chair", title: "Every missed call is an empty chair" },
    ];
    for (const { path, lang, h1, title } of cases) {
      const { status, text } = await served(path);
      expect(status).toBe(200);
      expect(text).toContain(`<html lang="${lang}">`);
      // The content is in the HTML itself, not waiting for the script.
      expect(text).toMatch(new RegExp(`<h1[^>]*>[^]*?${h1}`));
      expect(attribute(text, /<title>([^<]*)<\/title>/)).toContain(title);
      expect(text.match(/<title>/g)).toHaveLength(1);
      // One script, the module: nothing inline, which the Content-Security-Policy would block.
      expect(text.match(/<script/g)).toHaveLength(1);
      expect(attribute(text, /<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(50);
      expect(attribute(text, /<link rel="canonical" href="([^"]+)"/)).toBe(`${origin}${path}`);
      const rest = path.replace(/^\/[a-z]{2}/, "");
      const alternates = Object.fromEntries([...text.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/gi)].map((m) => [m[1], m[2]]));
      expect(alternates).toEqual({
        en: `${origin}/en${rest}`,
        de: `${origin}/de${rest}`,
        cs: `${origin}/cs${rest}`,
        "x-default": `${origin}/en${rest}`,
      });
      expect(attribute(text, /<meta property="og:url" content="([^"]+)"/)).toBe(`${origin}${path}`);
      expect(attribute(text, /<meta property="og:image" content="([^"]+)"/)).toMatch(new RegExp(`^${origin}/.+\\.jpg$`));
      expect(text).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    }
    // The pages' card images exist and are images.
    for (const image of ["/og/recepta-en.jpg", "/og/recepta-de.jpg", "/og/recepta-cs.jpg", "/blog/hairdresser-pitch.jpg"]) {
      const response = await fetch(`${origin}${image}`);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
    }
  });

  it("answers robots.txt and sitemap.xml, which lists every public page in every language with its alternates", async () => {
    const robots = await served("/robots.txt");
    expect(robots.type).toMatch(/^text\/plain/);
    expect(robots.text).toContain("Disallow: /cs/dashboard");
    expect(robots.text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    const sitemap = await served("/sitemap.xml");
    expect(sitemap.type).toMatch(/^application\/xml/);
    const locations = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toHaveLength(12);
    expect(locations).toContain(`${baseUrl()}/de/blog/hairdresser-pitch`);
    expect(sitemap.text.match(/hreflang="x-default"/g)).toHaveLength(12);
  });

  it("hydrates the prerendered page in place: the same elements become interactive, without errors", async () => {
    const { page, context } = await browser.visitor({ locale: "en-US" });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
    // Hold the script back until the server's heading has been marked.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The document is there before its (held) module script: DOMContentLoaded waits for it.
    await page.goto("/cs/pricing", { waitUntil: "commit" });
    await page.getByRole("heading", { level: 1, name: "Tarify a ceny" }).waitFor();
    await page.evaluate(() => ((window as unknown as { served: Element }).served = document.querySelector("h1")!));
    release();
    await hydrated(page);
    await page.getByRole("button", { name: /Jazyk/ }).click();
    await page.getByRole("button", { name: "Deutsch" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { served: Element }).served === document.querySelector("h1"))).toBe(true);
    // Czech keeps "a" with the next word by a no-break space.
    expect(await page.title()).toBe("Tarify a\u00a0ceny · Recepta");
    expect(await page.locator("head title").count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps the language of a prefixed page for the unprefixed addresses that follow, and asks the API in it", async () => {
    const { page, context } = await browser.visitor({ locale: "en-US" });
    const languages: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) languages.push(request.headers()["accept-language"] ?? "");
    });
    // A reused verification link: the first request the page makes already asks in Czech.
    await page.goto("/cs/verify-email?token=used&user_id=00000000-0000-0000-0000-000000000000");
    await expect.poll(() => languages.length).toBeGreaterThan(0);
    expect(languages[0]).toBe("cs");
    // The route's language is kept once the page has settled on it; only then is it carried on.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("user-language"))).toBe("cs");
    // These addresses are the single-page app's, which redirects once its code has loaded: on a
    // busy machine that takes longer than a prerendered page.
    const loaded = { timeout: 30_000 };
    await page.goto("/login");
    // The dialog takes its query out of the address once it is open, sometimes before this looks.
    await page.waitForURL(/\/cs(\?|$)/, loaded);
    await page.getByRole("dialog").getByRole("heading", { name: "Přihlášení" }).waitFor(loaded);
    await page.goto("/helpdesk");
    await page.waitForURL(/\/cs(\?|$)/, loaded);
    await page.goto("/cs/no-such-page");
    await page.getByRole("link", { name: "Zpět" }).click();
    await page.waitForURL(/\/cs$/);
    await expect.poll(() => page.title()).toBe("AI telefonní recepční pro kadeřnictví · Recepta");
    await context.close();
  });
});
