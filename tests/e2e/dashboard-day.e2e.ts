import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityProblems } from "./axe.ts";
import { VIEWPORTS, screenshot, useBrowser } from "./browser.ts";
import { ownerApi, signedInOwner } from "./owner.ts";

const browser = useBrowser();

/** The widths the owner's day is checked at: a phone and a laptop. */
const WIDTHS = { phone: VIEWPORTS.phone, laptop: { width: 1366, height: 768 } } as const;

/** A stylist, made through the API with the session's token, so the calendar has a row. */
async function seedStylist(page: Page) {
  const { get, post } = await ownerApi(page);
  await get("salon");
  await post("stylists", { first_name: "Eva", last_name: "Malá" });
}

describe("the owner's day", () => {
  it("names each dashboard screen in the browser tab, in Czech", async () => {
    const { page, context } = await browser.visitor({ locale: "cs-CZ" });
    await signedInOwner(page);
    const screens = [
      ["/cs/dashboard/assistant", "Asistenti"],
      ["/cs/dashboard/phone-numbers", "Telefonní čísla"],
      ["/cs/dashboard/calls", "Hovory"],
      ["/cs/dashboard/calendar", "Kalendář"],
      ["/cs/salon-settings", "Nastavení salonu"],
    ] as const;
    for (const [path, title] of screens) {
      await page.goto(path);
      await page.waitForFunction((expected) => document.title === expected, `${title} · Recepta`);
    }
    await context.close();
  });

  it("crosses the stylist form by keyboard in few Tab presses, at a phone's and a laptop's width", async () => {
    const { page, context } = await browser.visitor();
    await signedInOwner(page);
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      await page.goto("/en/salon-settings?tab=stylists");
      await page.getByRole("button", { name: "Add Stylist" }).click();
      await page.getByLabel("First Name").fill("Eva");
      await page.getByLabel("Last Name").fill("Malá");
      await page.getByLabel("Last Name").focus();
      let presses = 0;
      while (!(await page.getByRole("button", { name: "Save", exact: true }).evaluate((save) => save === document.activeElement)) && presses < 150) {
        await page.keyboard.press("Tab");
        presses += 1;
      }
      expect(presses).toBeLessThan(25);

      // Times typed the short way; the arrow keys reach Tuesday from Monday.
      const monday = page.getByRole("group", { name: "Monday" });
      await monday.getByLabel("Morning start").fill("830");
      await monday.getByLabel("Morning start").press("ArrowDown");
      const tuesday = page.getByRole("group", { name: "Tuesday" }).getByLabel("Morning start");
      expect(await tuesday.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await monday.getByLabel("Morning start").inputValue()).toMatch(/^8:30\sAM$/);
      expect(await accessibilityProblems(page, "form")).toEqual([]);
      await screenshot(page, `stylist-form-${name}`);
      await page.getByRole("button", { name: "Cancel" }).click();
    }
    await context.close();
  });

  it("shows the time-zone list, every settings tab and the month from its first week on a phone and a laptop", async () => {
    const { page, context } = await browser.visitor({ locale: "cs-CZ" });
    await signedInOwner(page);
    await seedStylist(page);
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);

      // The time zone: Czech names, Czechia's zone first, searchable.
      await page.goto("/cs/salon-settings");
      const zone = page.getByRole("combobox", { name: "Časové pásmo" });
      await zone.click();
      const listbox = page.getByRole("listbox", { name: "Časové pásmo" });
      expect(await listbox.getByRole("option").first().innerText()).toMatch(/\(UTC\+0[12]:00\) Prague[\s\S]*středoevropský čas · Česko/);
      expect(await accessibilityProblems(page, "form")).toEqual([]);
      await screenshot(page, `time-zone-open-${name}`, { fullPage: false });
      await zone.fill("japonsko");
      await listbox.getByRole("option", { name: /Tokyo/ }).waitFor();
      expect(await listbox.getByRole("option").count()).toBe(1);
      await zone.press("Escape");

      // Every tab is on screen or scrolled to: the chosen one whole, the strip fading where it hides more.
      await page.goto("/cs/salon-settings?tab=services");
      const strip = page.getByRole("tablist");
      const chosen = page.getByRole("tab", { name: "Služby", selected: true });
      await chosen.waitFor();
      const [stripBox, tabBox] = [(await strip.boundingBox())!, (await chosen.boundingBox())!];
      expect(tabBox.x).toBeGreaterThanOrEqual(stripBox.x - 1);
      expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(stripBox.x + stripBox.width + 1);
      await screenshot(page, `settings-tabs-${name}`, { fullPage: false });

      // A longer tab row (the assistant's) fades where it hides tabs; the last one scrolls into sight when chosen.
      await page.goto("/cs/dashboard/assistant");
      await page.getByRole("button", { name: "Vytvořit prvního asistenta" }).click();
      const tabs = page.getByRole("tablist", { name: "Nastavení asistenta" });
      await tabs.waitFor();
      await screenshot(page, `assistant-tabs-${name}`, { fullPage: false });
      await tabs.getByRole("tab", { name: "Detekce řeči" }).click();
      await page.getByRole("tab", { name: "Detekce řeči", selected: true }).waitFor();
      const [row, last] = [(await tabs.boundingBox())!, (await tabs.getByRole("tab", { name: "Detekce řeči" }).boundingBox())!];
      await expect.poll(async () => (await tabs.getByRole("tab", { name: "Detekce řeči" }).boundingBox())!.x + last.width).toBeLessThanOrEqual(row.x + row.width + 1);

      // The month opens at its first day, not scrolled to today.
      await page.goto("/cs/dashboard/calendar");
      await page.getByRole("button", { name: "Měsíc" }).click();
      await page.getByRole("button", { name: "Měsíc", pressed: true }).waitFor();
      await page.locator(".ec-timeline").waitFor();
      // The library scrolls once the month is drawn: two frames later it has.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await page.locator(".ec-main").evaluate((main) => main.scrollLeft)).toBe(0);
      await screenshot(page, `calendar-month-${name}`, { fullPage: false });
    }
    await context.close();
  });
});
