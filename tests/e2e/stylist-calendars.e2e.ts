import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { accessibilityProblems } from "./axe.ts";
import { VIEWPORTS, screenshot, useBrowser } from "./browser.ts";
import { signedInOwner } from "./call-api.ts";
import { sql } from "./database.ts";
import { logIn } from "./owner.ts";

const browser = useBrowser();
afterAll(() => sql.end());
const LAPTOP = { width: 1366, height: 900 } as const;

/** The stylist's form in Salon Settings, in a language. */
async function openStylist(page: Page, language: string, edit: string) {
  await page.goto(`/${language}/salon-settings?tab=stylists`);
  await page.getByRole("button", { name: edit, exact: true }).click();
}

describe("a stylist's outside calendar", () => {
  it("shows the demo's linked calendar in Czech on a phone, read minutes ago, with its busy times", async () => {
    const { page } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.setViewportSize(VIEWPORTS.phone);
    await openStylist(page, "cs", "Upravit Tomáš Dvořák");
    const section = page.getByRole("group", { name: "Obsazené časy z jiného kalendáře" });
    await section.getByText("calendar.google.com/…/basic.ics").waitFor();
    expect(await section.textContent()).toMatch(/Načteno .+ · \d+ obsazen/);
    await section.scrollIntoViewIfNeeded();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "stylist-calendar-cs-390", { fullPage: false });
    await page.setViewportSize(LAPTOP);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, "stylist-calendar-cs-1366", { fullPage: false });
  });

  it("refuses an unsafe address at the field in German, links one it cannot reach and says so, and unlinks it", async () => {
    const owner = await signedInOwner();
    await owner.call("/api/dashboard/stylists", { body: { first_name: "Lena", last_name: "Vogel" } });
    const { page } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, owner.email, owner.password);
    await openStylist(page, "de", "Lena Vogel bearbeiten");
    const section = page.getByRole("group", { name: "Belegte Zeiten aus einem anderen Kalender" });
    const address = section.getByLabel("Geheime iCal-Adresse");

    await address.fill("http://kalender.example.com/lena.ics");
    await section.getByRole("button", { name: "Kalender verknüpfen" }).click();
    await section.getByText("Diese Adresse ist nicht verschlüsselt.", { exact: false }).waitFor();

    // An address into the server's own network is never read.
    await address.fill("https://192.168.1.20/lena.ics");
    await section.getByRole("button", { name: "Kalender verknüpfen" }).click();
    await section.getByText("Diese Adresse verweist auf ein privates oder lokales Netzwerk", { exact: false }).waitFor();

    // No such host (.invalid never resolves): linked, but the owner is told it cannot be read.
    await address.fill("https://kalender.invalid/lena.ics");
    await address.press("Enter");
    await section.getByText("Die Adresse ist nicht erreichbar", { exact: false }).waitFor();
    expect(await section.textContent()).toContain("Aus diesem Kalender wurden noch keine belegten Zeiten gelesen.");
    // Enter linked the calendar and left the stylist's form open.
    expect(await page.getByRole("button", { name: "Speichern", exact: true }).isVisible()).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, "stylist-calendar-de-1366-error", { fullPage: false });

    await section.getByRole("button", { name: "Verknüpfung lösen" }).click();
    await section.getByLabel("Geheime iCal-Adresse").waitFor();
    const [left] = await sql<{ count: number }[]>`
      select count(*)::int as count from stylist_calendars c join salons s on s.id = c.salon_id join users u on u.id = s.owner_id where u.email = ${owner.email}`;
    expect(left!.count).toBe(0);
  });
});
