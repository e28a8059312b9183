import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { displayPhone } from "../../contract/phone.ts";
import { accessibilityProblems } from "./axe.ts";
import { baseUrl, fitsWidth, screenshot, toast, useBrowser } from "./browser.ts";
import { signedInOwner } from "./call-api.ts";
import { sql } from "./database.ts";
import { logIn } from "./owner.ts";
import { boughtNumbers, offerNumber, setCallOutcome, spokenCode, uniqueCzechNumber } from "./twilio-fake.ts";

// Getting, verifying, forwarding to and releasing numbers in Chromium, against the fake
// Twilio the server is set up with: one flow per language.

const browser = useBrowser();
afterAll(() => sql.end());

const SIZES = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 768 } };

/**
 * An owner whose salon lies in `country` and has the assistant Front desk, logged in on `page`.
 * Made in the database, as registering (limited per address and hour) has tests of its own.
 */
async function ownerWithAssistant(page: Page, country: string) {
  const owner = await signedInOwner();
  expect((await owner.call("/api/dashboard/salon", { method: "PUT", body: { name: "Salon Bella", country } })).status).toBe(200);
  expect((await owner.call("/api/dashboard/assistant/config", { body: { name: "Front desk" } })).status).toBe(201);
  await logIn(page, owner.email, owner.password);
}

/** What is on screen at a phone's and a laptop's width, then back at the laptop's. */
async function screenshots(page: Page, name: string, { fullPage = false } = {}) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, `${name}-${size}`, { fullPage });
  }
}

/** No serious or critical problem in the screen's content (the main landmark) or in an open dialog. */
const expectAccessible = async (page: Page, selector = "main") => expect(await accessibilityProblems(page, selector)).toEqual([]);

const randomDigits = (count: number) => String(Math.floor(Math.random() * 10 ** count)).padStart(count, "0");

describe("phone numbers that take calls", () => {
  it("gets a number in English, shows how to forward a line to it, and releases it", async () => {
    const { page, context } = await browser.visitor({ viewport: SIZES.laptop });
    await ownerWithAssistant(page, "Czech Republic");
    const number = uniqueCzechNumber("2");
    const shown = displayPhone(number);
    await offerNumber({ country: "CZ", type: "local", phone_number: number, locality: "Praha", region: "Hlavní město Praha" });

    await page.goto("/en/dashboard/phone-numbers");
    await page.getByText("No phone numbers found. Add your first number.").waitFor();
    await page.getByRole("button", { name: "Get a number" }).click();
    const dialog = page.getByRole("dialog", { name: "Get a phone number" });
    await expect.poll(() => dialog.getByLabel("Country").inputValue()).toBe("CZ");
    await dialog.getByLabel("Area code or digits (optional)").fill(number.slice(4));
    await dialog.getByRole("button", { name: "Search" }).click();
    await dialog.getByText("1 number available").waitFor();
    const offered = dialog.getByRole("list", { name: "Available numbers" }).getByRole("button");
    expect(await offered.count()).toBe(1);
    expect(await offered.innerText()).toMatch(new RegExp(`^${shown.replaceAll("+", "\\+")}\\s+Praha, Hlavní město Praha · Local\\s+\\$6\\.00 a month$`));
    await expectAccessible(page, '[role="dialog"]');
    await screenshots(page, "phone-numbers-get-results");

    await offered.click();
    await dialog.getByRole("heading", { name: shown }).waitFor();
    await dialog.getByLabel("Phone Name (optional)").fill("Main line");
    const assistant = dialog.getByLabel("Assistant Configuration");
    expect(await assistant.locator("option:checked").innerText()).toBe("Front desk");
    await expectAccessible(page, '[role="dialog"]');
    await screenshots(page, "phone-numbers-get-confirm");
    await dialog.getByRole("button", { name: "Get this number" }).click();
    await toast(page, `${shown} is yours now.`);
    await dialog.waitFor({ state: "detached" });

    const row = page.getByRole("list", { name: "Phone numbers" }).getByRole("button", { name: /Main line/ });
    await row.and(page.locator('[aria-current="true"]')).waitFor();
    expect(await row.innerText()).toMatch(/Active[\s\S]*Front desk[\s\S]*\+420/);
    // Bought with this deployment's webhooks, so its calls come here.
    expect((await boughtNumbers()).find((bought) => bought.phoneNumber === number)).toMatchObject({
      voiceUrl: `${baseUrl()}/api/telephony/twilio/voice`,
      statusCallback: `${baseUrl()}/api/telephony/twilio/status`,
    });

    // How to send the salon's existing line here.
    const forwarding = page.getByRole("button", { name: "Forward your salon's line to this number" });
    expect(await forwarding.getAttribute("aria-expanded")).toBe("false");
    await forwarding.click();
    expect(await forwarding.getAttribute("aria-expanded")).toBe("true");
    for (const code of [`**21*${number}#`, `**67*${number}#`, `**61*${number}#`, `**62*${number}#`, "##002#"]) {
      await page.getByText(code, { exact: true }).waitFor();
    }
    await page.getByText("These are the standard codes most mobile networks use.").waitFor();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page);
    await screenshots(page, "phone-numbers-forwarding", { fullPage: true });

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Assistants" }).click();
    await page.getByRole("navigation", { name: "Assistants" }).getByRole("button", { name: /Front desk/ }).filter({ hasText: "Connected" }).waitFor();

    // Releasing says what it means, and the number goes back to Twilio.
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Phone Numbers" }).click();
    await page.getByRole("button", { name: "Delete Phone Number" }).click();
    const release = page.getByRole("dialog", { name: "Release Phone Number" });
    expect(await release.innerText()).toContain(
      'Release "Main line"? The number goes back to the phone provider and stops taking calls at once. You may not get it back.',
    );
    await release.getByRole("button", { name: "Release number" }).click();
    await toast(page, "Phone number released");
    await page.getByText("No phone numbers found. Add your first number.").waitFor();
    expect((await boughtNumbers()).map((bought) => bought.phoneNumber)).not.toContain(number);
    await context.close();
  });

  it("shows in German why a number cannot be bought, and a verification call that found the line busy", async () => {
    const { page, context } = await browser.visitor({ locale: "de-DE", viewport: SIZES.laptop });
    await ownerWithAssistant(page, "Deutschland");
    const munich = `+4989${randomDigits(8)}`;
    await offerNumber({ country: "DE", type: "local", phone_number: munich, locality: "München", region: "Bayern", requirement: "bundle" });

    await page.goto("/de/dashboard/phone-numbers");
    await page.getByText("Keine Telefonnummern gefunden. Fügen Sie Ihre erste Nummer hinzu.").waitFor();
    await page.getByRole("button", { name: "Nummer buchen" }).click();
    const dialog = page.getByRole("dialog", { name: "Telefonnummer buchen" });
    await expect.poll(() => dialog.getByLabel("Land").inputValue()).toBe("DE");
    await dialog.getByLabel("Vorwahl oder Ziffern (optional)").fill(munich.slice(3));
    await dialog.getByRole("button", { name: "Suchen" }).click();
    await dialog.getByText("1 Nummer verfügbar").waitFor();
    const offered = dialog.getByRole("list", { name: "Verfügbare Nummern" }).getByRole("button");
    expect(await offered.innerText()).toMatch(/München, Bayern · Ortsnetz\s+3,00\s\$ pro Monat$/);
    await offered.click();
    await dialog.getByRole("button", { name: "Diese Nummer buchen" }).click();
    const refusal = dialog.getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain("Für Nummern in diesem Land (Deutschland) ist vorab eine behördliche Prüfung nötig");
    expect(await dialog.getByRole("button", { name: "Diese Nummer buchen" }).isEnabled()).toBe(true);
    await expectAccessible(page, '[role="dialog"]');
    await screenshots(page, "phone-numbers-get-refused-de");
    expect((await boughtNumbers()).map((bought) => bought.phoneNumber)).not.toContain(munich);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // A number typed in takes no calls until a call proves it is the salon's; this one is busy.
    const typed = `+4930${randomDigits(8)}`;
    await setCallOutcome(typed, "busy");
    await page.getByLabel("Telefonnummer", { exact: true }).fill(displayPhone(typed));
    await page.getByRole("button", { name: "Nummer hinzufügen", exact: true }).click();
    await toast(page, "Telefonnummer erfolgreich hinzugefügt");
    const row = page.getByRole("list", { name: "Telefonnummern" }).getByRole("button", { name: new RegExp(displayPhone(typed).replaceAll("+", "\\+")) });
    await row.filter({ hasText: "Nicht bestätigt" }).waitFor();
    const panel = page.getByRole("region", { name: "Bestätigen Sie, dass dies Ihre Nummer ist" });
    await panel.getByRole("button", { name: "Code per Anruf erhalten" }).click();
    await panel.getByRole("status").filter({ hasText: "Die Leitung war besetzt. Lassen Sie sich erneut anrufen, sobald sie frei ist." }).waitFor();
    await row.filter({ hasText: "Wird bestätigt" }).waitFor();
    await panel.getByRole("button", { name: "Erneut anrufen" }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("verifies a typed-in number in Czech: a wrong code costs a try, the right one makes it take calls", async () => {
    const { page, context } = await browser.visitor({ locale: "cs-CZ", viewport: SIZES.laptop });
    await ownerWithAssistant(page, "Česko");
    const typed = uniqueCzechNumber("77");
    const shown = displayPhone(typed);

    await page.goto("/cs/dashboard/phone-numbers");
    await page.getByText("Nebyla nalezena žádná telefonní čísla. Přidejte své první číslo.").waitFor();
    await page.getByLabel("Telefonní číslo", { exact: true }).fill(shown);
    await page.getByLabel("Přiřazený asistent").selectOption({ label: "Front desk" });
    await page.getByRole("button", { name: "Přidat číslo" }).click();
    await toast(page, "Telefonní číslo bylo úspěšně přidáno");
    const row = page.getByRole("list", { name: "Telefonní čísla" }).getByRole("button", { name: new RegExp(shown.replaceAll("+", "\\+")) });
    await row.filter({ hasText: "Neověřené" }).waitFor();

    const panel = page.getByRole("region", { name: "Ověřte, že je číslo vaše" });
    expect(await panel.innerText()).toContain("Toto číslo nepřijímá hovory, dokud neověříte, že je vaše: zavoláme na něj a přečteme vám šestimístný kód.");
    await panel.getByRole("button", { name: "Získat kód hovorem" }).click();
    const code = await spokenCode(typed);
    const field = panel.getByLabel("Šestimístný kód");
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    // The fake's call rings, is answered and ends; the list, read every two seconds, follows it.
    await panel.getByRole("status").filter({ hasText: "Hovor skončil. Zadejte kód, který jste slyšeli." }).waitFor();
    await row.filter({ hasText: "Ověřuje se" }).waitFor();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page);
    await screenshots(page, "phone-numbers-verification-cs", { fullPage: true });

    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    await field.fill(wrong);
    await panel.getByRole("button", { name: "Ověřit" }).click();
    await panel.getByText("Kód nesedí. Zbývají 2 pokusy.").waitFor();
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    // The tries left are said once, under the field; the line below keeps the code's expiry.
    await panel.getByText("Kód platí do", { exact: false }).waitFor();
    expect(await panel.getByText("Zbývají 2 pokusy", { exact: false }).count()).toBe(1);
    await screenshots(page, "phone-numbers-verification-wrong-cs", { fullPage: true });

    await field.fill(code);
    await field.press("Enter");
    await toast(page, `Číslo ${shown} teď přijímá hovory.`);
    await row.filter({ hasText: "Aktivní" }).waitFor();
    await panel.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Přesměrovat linku salonu na toto číslo" }).waitFor();

    await page.goto("/cs/dashboard/assistant");
    await page.getByRole("navigation", { name: "Asistenti" }).getByRole("button", { name: /Front desk/ }).filter({ hasText: "Přiřazen k číslu" }).waitFor();
    await context.close();
  });
});
