import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sql } from "./database.ts";
import { DEFAULT_INSTRUCTIONS } from "../../contract/assistant-instructions.ts";
import { DEFAULT_VAD_SETTINGS } from "../../contract/assistants.ts";
import { DEFAULT_WORKING_HOURS } from "../../contract/salon.ts";
import { seedCalls } from "../../scripts/lib/demo-calls.ts";
import { accessibilityProblems } from "./axe.ts";
import { screenshot, useBrowser } from "./browser.ts";
import { signedInOwner } from "./owner.ts";

const browser = useBrowser();

/** The widths the screens are looked at: a phone and a laptop. */
const WIDTHS = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 768 } } as const;

/**
 * What the owner reads: the journey is a Czech owner's; the other languages' words on these
 * screens are the SPA tests' (tests/spa/salon-currency.test.tsx).
 */
const WORDS = {
  cs: {
    currency: "Měna",
    crown: "česká koruna (CZK)",
    suggestion: "Použít měnu vaší země (CZK)",
    save: "Uložit změny",
    saved: "Nastavení salonu bylo úspěšně uloženo",
    services: "Služby",
    create: "Nová rezervace",
    service: "Služba",
    option: "Dámský střih (60 min – 890\u00a0Kč)",
    price: "890\u00a0Kč",
    details: "Podrobnosti hovoru",
  },
} as const;

/** The owner's salon in Prague, still in euros, with a stylist, its price list in crowns and a week of calls. */
async function pragueSalon(email: string) {
  await sql.begin(async (tx) => {
    const [salon] = await tx<{ id: string }[]>`
      update salons set name = 'Salon Bella', country = 'Česko', city = 'Praha', time_zone = 'Europe/Prague'
      where owner_id = (select id from users where email = ${email}) returning id`;
    await tx`insert into stylists (salon_id, first_name, last_name, working_hours, color)
             values (${salon!.id}, 'Jana', 'Nováková', ${JSON.stringify(DEFAULT_WORKING_HOURS)}::text::jsonb, '#e11d48')`;
    await tx`insert into services (salon_id, name, duration, price, min_price, max_price, color)
             values (${salon!.id}, 'Dámský střih', 60, 890, 790, 1190, '#e11d48'), (${salon!.id}, 'Foukaná', 30, 450, null, null, '#16a34a')`;
    await tx`insert into assistant_configs (salon_id, name, voice_name, system_prompt, initial_greeting, vad_settings)
             values (${salon!.id}, 'Recepce', 'coral', ${DEFAULT_INSTRUCTIONS.cs}, 'Dobrý den!', ${JSON.stringify(DEFAULT_VAD_SETTINGS)}::text::jsonb)`;
    await seedCalls(tx, email);
  });
}

/** Takes the screen at both widths, the way the owner would see it. */
async function atBothWidths(page: Page, name: string, { fullPage = true } = {}) {
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-${width}`, { fullPage });
  }
}

describe("a Prague salon's currency", () => {
  it("is chosen in Salon Information by a Czech owner and shown in the price list, the appointment modal and call costs", async () => {
    const language = "cs";
    const words = WORDS[language];
    const { page } = await browser.visitor({ viewport: WIDTHS.laptop });
    const { email } = await signedInOwner(page);
    // The first dashboard visit makes the salon.
    await page.goto(`/${language}/salon-settings`);
    await page.getByRole("combobox", { name: words.currency }).waitFor();
    await pragueSalon(email);
    await page.reload();

    // Still in euros, in Czechia: the crown is offered, and chosen.
    const currency = page.getByRole("combobox", { name: words.currency });
    expect(await currency.inputValue()).toBe("EUR");
    await atBothWidths(page, `currency-suggested-${language}`);
    await page.getByRole("button", { name: words.suggestion }).click();
    expect(await currency.inputValue()).toBe("CZK");
    expect(await currency.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await currency.locator("option:checked").textContent()).toBe(words.crown);
    expect(await accessibilityProblems(page)).toEqual([]);
    await atBothWidths(page, `currency-field-${language}`);
    await page.getByRole("button", { name: words.save }).click();
    await page.getByRole("status").filter({ hasText: words.saved }).first().waitFor();
    await page.reload();
    await page.getByRole("combobox", { name: words.currency }).waitFor();
    expect(await page.getByRole("combobox", { name: words.currency }).inputValue()).toBe("CZK");

    // The price list and a service's form are in crowns.
    await page.getByRole("tab", { name: words.services }).click();
    const list = page.getByRole("list", { name: words.services });
    await list.getByText(words.price, { exact: true }).waitFor();
    expect(await list.textContent()).not.toContain("€");
    await atBothWidths(page, `currency-services-${language}`);
    await list.getByRole("button", { name: /Dámský střih/ }).first().click();
    await page.getByText("Kč", { exact: true }).first().waitFor();
    expect(await page.getByText("Kč", { exact: true }).count()).toBe(3);
    await atBothWidths(page, `currency-service-form-${language}`);

    // The appointment modal offers the services in crowns.
    await page.goto(`/${language}/dashboard/calendar`);
    await page.getByRole("button", { name: words.create }).click();
    const modal = page.getByRole("dialog", { name: words.create });
    await modal.getByRole("option", { name: words.option }).waitFor({ state: "attached" });
    await modal.getByLabel(new RegExp(`^${words.service}\\b`)).first().selectOption({ label: words.option });
    await modal.getByText(new RegExp(`890\\sKč$`)).first().waitFor();
    expect(await modal.textContent()).not.toContain("€");
    expect(await accessibilityProblems(page, '[role="dialog"]')).toEqual([]);
    await atBothWidths(page, `currency-appointment-${language}`, { fullPage: false });

    // Call costs in crowns, converted at the Worker's rates.
    await page.goto(`/${language}/dashboard/calls`);
    const details = page.getByRole("region", { name: words.details, exact: true });
    await details.getByText(/^\d+,\d{4}\sKč$/).waitFor();
    expect(await page.locator("main").textContent()).not.toContain("€");
    await atBothWidths(page, `currency-calls-${language}`);
  });
});
