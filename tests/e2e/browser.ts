import { mkdirSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { chromiumOptions } from "../../scripts/lib/chromium.ts";

export const baseUrl = () => inject("baseUrl");

const SCREENSHOT_DIR = "test-results/screenshots";

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * A browser for the file's tests: the shared Chromium, or one of the file's own when it needs
 * flags of its own (`extraArgs`).
 */
export function useBrowser(extraArgs: string[] = []) {
  const state: { browser?: Browser } = {};
  // Every page runs under the product's Content-Security-Policy; whatever it blocked fails the test.
  const blocked: string[] = [];
  afterEach(() => {
    expect(blocked.splice(0), "blocked by the Content-Security-Policy").toEqual([]);
  });
  beforeAll(async () => {
    state.browser = extraArgs.length ? await chromium.launch(chromiumOptions(extraArgs)) : await chromium.connect(inject("chromiumEndpoint"));
  });
  afterAll(async () => state.browser?.close());

  return {
    /**
     * A fresh visitor: own storage, the given browser language and viewport, and the system's
     * "reduce motion" setting (a test about motion sets it back with `page.emulateMedia`). What
     * the tests check is where things end, not how they move there; and the home page's phone,
     * ringing for as long as it is open, kept a core busy in the tests' software-drawn Chromium
     * (a second of CPU each second, a twentieth of it at rest), beside every dialog's and
     * toast's animation waited out at each step.
     */
    async visitor({ locale = "en-US", viewport = VIEWPORTS.desktop }: { locale?: string; viewport?: { width: number; height: number } } = {}) {
      const context: BrowserContext = await state.browser!.newContext({ locale, viewport, baseURL: baseUrl(), reducedMotion: "reduce" });
      context.on("console", (message) => {
        if (message.type() === "error" && message.text().includes("Content Security Policy")) blocked.push(message.text());
      });
      const page: Page = await context.newPage();
      // Far above what a busy two-core machine needs for a step, and shorter than the test's
      // own timeout, so a stuck step names its locator.
      page.setDefaultTimeout(30_000);
      // A prerendered page is on screen before React takes it over, and a tap before that is
      // lost, as a visitor's would be: after a page load the tests wait for the takeover, like
      // a person waits for a page to respond ("commit" asks for the page as it arrives).
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== "commit") await hydrated(page);
        return response;
      };
      const reload = page.reload.bind(page);
      page.reload = async (options) => {
        const response = await reload(options);
        await hydrated(page);
        return response;
      };
      return { context, page };
    },
  };
}

/**
 * Every prerendered part of the page (its header, main, sections, footer) has been taken over by
 * React. The calendar's library draws headers and sections of its own (.ec), which React never
 * owns: they do not count.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll(["header", "main", "section", "footer"].map((tag) => `#root ${tag}:not(.ec *)`).join(", "))).every((element) =>
      Object.keys(element).some((key) => key.startsWith("__reactFiber")),
    ),
  );
}

/** Waits for a toast saying `text`: a status for news, an alert for an error (as the toast provider marks them). */
export const toast = (page: Page, text: string | RegExp, role: "status" | "alert" = "status") =>
  page.getByRole(role).filter({ hasText: text }).first().waitFor();

/** Nothing on the page sticks out sideways: it scrolls only up and down at its width. */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Waits until finite animations (a dialog opening or closing, a toast) are over, so what is measured is what stays; the ringing phone never ends. */
export const settled = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );

/**
 * Saves a PNG to look at, the whole page or only the viewport (dialogs), when E2E_SCREENSHOTS
 * is set: a full page costs Chromium most of a second on two cores, and a run that nobody
 * looks at (CI's) would pay that about 160 times. The wait for the page to settle stays, so a
 * run takes the same steps with or without pictures.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  await settled(page);
  if (!process.env.E2E_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}
