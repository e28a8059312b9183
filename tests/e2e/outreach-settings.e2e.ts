import { describe, expect, it } from "vitest";
import { OUTREACH_DEFAULTS } from "../../contract/outreach.ts";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { accessibilityProblems } from "./axe.ts";
import { fitsWidth, screenshot, settled, toast, useBrowser, VIEWPORTS } from "./browser.ts";
import { api, signedInOwner } from "./call-api.ts";
import { sql } from "./database.ts";
import { logIn } from "./owner.ts";

const browser = useBrowser();
const LAPTOP = { width: 1366, height: 900 } as const;

const SHIFT = { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "18:00" };
const EVERY_DAY = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [day, SHIFT]));

/** A Prague salon open every day with one stylist working every day, one service and a client waiting for any time. */
async function salon() {
  const owner = await signedInOwner();
  const current = (await owner.call("/api/dashboard/salon")).json;
  const open = Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((key) => [key, { open: "09:00", close: "18:00" }]));
  await owner.call("/api/dashboard/salon", { method: "PUT", body: { ...current, name: "Studio Lumen", business_hours: open } });
  const stylist = (await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nováková", working_hours: EVERY_DAY } })).json.id as string;
  const service = (await owner.call("/api/dashboard/services", { body: { name: "Damenhaarschnitt", duration: 60, price: 45 } })).json.id as string;
  const [row] = await sql<{ salon_id: string }[]>`select salon_id from stylists where id = ${stylist}`;
  const salonId = row!.salon_id;
  // No quiet hours, so Fill gaps offers at once whatever the hour the test runs at.
  await sql`update message_settings set quiet_start = '00:00', quiet_end = '00:00' where salon_id = ${salonId}`;
  const [entry] = await sql<{ id: string }[]>`
    insert into client_waitlist (salon_id, name, phone, language, weekdays, from_time, until_time, from_date, until_date, source)
    values (${salonId}, 'Lena Vogel', '+4915112345678', 'de', '{1,2,3,4,5,6,7}', '08:00', '19:00', current_date, current_date + 30, 'dashboard')
    returning id`;
  await sql`insert into client_waitlist_services (salon_id, entry_id, service_id, position) values (${salonId}, ${entry!.id}, ${service}, 0)`;
  return { owner, salonId };
}

describe("outreach", () => {
  it("is switched on in German on a phone, kept after a reload, and Fill gaps offers a day's free times", async () => {
    const { owner, salonId } = await salon();
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, owner.email, owner.password);
    await page.setViewportSize(VIEWPORTS.phone);

    // Off, the calendar's Fill gaps says so and leads to the switch.
    await page.goto("/de/dashboard/calendar");
    const fill = page.getByRole("button", { name: "Lücken füllen" });
    await fill.waitFor();
    await expect.poll(() => fill.isDisabled()).toBe(true);
    await page.getByRole("link", { name: "Schalten Sie sie ein" }).click();
    await page.waitForURL(/\/de\/salon-settings\?tab=outreach$/);

    const outreach = page.getByRole("switch", { name: "Freie Zeiten der wartenden Kundschaft anbieten" });
    await outreach.waitFor();
    expect(await outreach.getAttribute("aria-checked")).toBe("false");
    await outreach.click();
    expect(await page.getByText(/^Ein: Wird ein Termin storniert/).isVisible()).toBe(true);
    await page.getByLabel("Angebote pro Runde").selectOption({ label: "an 2 Personen" });
    await page.getByLabel("Auf ein JA warten").selectOption({ label: "1 Stunde" });
    // Voicemail waits for calls, which stay off.
    expect(await page.getByRole("radio", { name: /Auflegen/ }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await toast(page, "Einstellungen der Terminangebote gespeichert");
    expect((await owner.call("/api/dashboard/outreach/settings")).json).toEqual({ ...OUTREACH_DEFAULTS, enabled: true, sms_round: 2, answer_minutes: 60 });

    await page.reload();
    await expect.poll(() => page.getByRole("switch", { name: "Freie Zeiten der wartenden Kundschaft anbieten" }).getAttribute("aria-checked")).toBe("true");
    expect(await page.getByLabel("Angebote pro Runde").locator("option:checked").innerText()).toBe("an 2 Personen");
    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "outreach-tab-de-390");

    // Tomorrow in the day view: the stylist's morning and afternoon are free, and the waiting client is asked.
    await page.goto("/de/dashboard/calendar");
    await page.getByRole("button", { name: "Nächster Zeitraum" }).click();
    await expect.poll(() => fill.isEnabled()).toBe(true);
    await fill.click();
    const dialog = page.getByRole("dialog", { name: "Lücken füllen" });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/Die freien Zeiten am \w+, \d+\. \w+ der wartenden Kundschaft anbieten\?/);
    // The day view's one day needs no choosing.
    expect(await dialog.getByLabel("Tag").count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await screenshot(page, "fill-gaps-dialog-de-390", { fullPage: false });
    await dialog.getByRole("button", { name: "Freie Zeiten anbieten" }).click();
    // The salon has no number to text from yet, so the offer is recorded but not sent.
    await toast(page, "2 freie Zeiten angeboten, noch keine SMS verschickt");
    await dialog.waitFor({ state: "detached" });
    const offers = await sql<{ name: string; status: string; reason: string | null }[]>`
      select name, status, reason from outreach_attempts where salon_id = ${salonId}`;
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((offer) => offer.name === "Lena Vogel" && offer.status === "skipped" && offer.reason === "no_sender")).toBe(true);
    await settled(page);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "fill-gaps-toast-de-390", { fullPage: false });

    // On a laptop the week is shown: the dialog asks which of its days, starting at today.
    await page.setViewportSize(LAPTOP);
    await page.goto("/de/dashboard/calendar");
    await page.getByRole("button", { name: "Woche", exact: true }).click();
    await expect.poll(() => fill.isEnabled()).toBe(true);
    await fill.click();
    await dialog.waitFor();
    const day = dialog.getByLabel("Tag");
    // Today is chosen first; the week's days before it are not offered.
    expect(await day.locator("option:checked").innerText()).toBe(
      new Intl.DateTimeFormat("de", { timeZone: "Europe/Prague", weekday: "long", day: "numeric", month: "long" }).format(new Date()),
    );
    expect(await day.locator("option").first().innerText()).toBe(await day.locator("option:checked").innerText());
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await screenshot(page, "fill-gaps-dialog-de-1366", { fullPage: false });
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await dialog.waitFor({ state: "detached" });
    await screenshot(page, "fill-gaps-week-de-1366", { fullPage: false });

    await page.goto("/de/salon-settings?tab=outreach");
    await page.getByRole("switch", { name: "Freie Zeiten der wartenden Kundschaft anbieten" }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "outreach-tab-de-1366");
    await context.close();
  });

  it("reads well in English and Czech on a phone", async () => {
    const { owner } = await salon();
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, owner.email, owner.password);
    await page.setViewportSize(VIEWPORTS.phone);
    for (const [language, name] of [["en", "Offer free times to waiting clients"], ["cs", "Nabízet volné termíny čekajícím klientům"]] as const) {
      await page.goto(`/${language}/salon-settings?tab=outreach`);
      await page.getByRole("switch", { name }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshot(page, `outreach-tab-${language}-390`);
    }
    await context.close();
  });

  it("is on in the demo salon, by text only", async () => {
    const login = await api("/api/auth/login", { body: DEMO_LOGIN });
    const settings = await api("/api/dashboard/outreach/settings", { token: login.json.access_token as string });
    expect(settings.json).toMatchObject({ enabled: true, calls_enabled: false });
  });
});
