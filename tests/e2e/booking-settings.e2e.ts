import { describe, expect, it } from "vitest";
import type { BookingConfirmation, BookingSettings, BookingTimes } from "../../contract/booking-page.ts";
import { wallTime } from "../../contract/time-zone.ts";
import { accessibilityProblems } from "./axe.ts";
import { fitsWidth, screenshot, useBrowser, VIEWPORTS } from "./browser.ts";
import { DEMO_BOOKING_SLUG } from "../../scripts/lib/demo-booking.ts";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { api, signedInOwner as ownerByApi } from "./call-api.ts";
import { sql } from "./database.ts";
import { logIn } from "./owner.ts";

const browser = useBrowser();
const LAPTOP = { width: 1366, height: 900 } as const;
const SALON_ZONE = "Europe/Prague";
const DAY_MS = 86_400_000;

/** A Prague salon with a unique name, two stylists and two services, its owner signed in through the API. */
async function salon() {
  const owner = await ownerByApi();
  const name = `Friseur Müller ${crypto.randomUUID().slice(0, 6)}`;
  await owner.call("/api/dashboard/salon", { method: "PUT", body: { name, phone: "+420 222 111 000" } });
  await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nováková" } });
  await owner.call("/api/dashboard/stylists", { body: { first_name: "Petra", last_name: "Svobodová" } });
  const haircut = await owner.call("/api/dashboard/services", { body: { name: "Damenhaarschnitt", duration: 45, price: 30 } });
  const colour = await owner.call("/api/dashboard/services", { body: { name: "Färben", duration: 90, price: 80 } });
  return { owner, name, haircut: haircut.json.id as string, colour: colour.json.id as string };
}

const settingsOf = async (owner: Awaited<ReturnType<typeof ownerByApi>>) =>
  (await owner.call("/api/dashboard/booking-page", { method: "GET" })).json as unknown as BookingSettings;

/** Days since an epoch of the salon's calendar day an instant falls on. */
function dayNumber(instant: string | number): number {
  const wall = wallTime(new Date(instant), SALON_ZONE);
  return Date.UTC(wall.year, wall.month - 1, wall.day) / DAY_MS;
}

describe("the Online booking tab", () => {
  it("switches the page on at an address, in German on a laptop and a phone, and another salon cannot take it", async () => {
    const first = await salon();
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, first.owner.email, first.owner.password);
    await page.goto("/de/salon-settings?tab=booking");

    // The address starts as the salon's name, folded into one.
    const address = page.getByLabel("Adresse der Seite");
    await expect.poll(() => address.inputValue()).toBe(first.name.toLowerCase().replace("ü", "u").replaceAll(" ", "-"));
    const slug = `studio-${crypto.randomUUID().slice(0, 8)}`;
    await address.fill(slug);
    await page.getByRole("switch", { name: "Online-Buchungen annehmen" }).check();
    await page.getByLabel("Mindestvorlauf").selectOption({ label: "1 Stunde" });
    await page.getByRole("group", { name: "Leistungen" }).getByRole("checkbox", { name: /Färben/ }).uncheck();
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await page.getByRole("status").filter({ hasText: "Einstellungen der Online-Buchung gespeichert" }).first().waitFor();

    const saved = await settingsOf(first.owner);
    expect(saved).toMatchObject({ enabled: true, slug, min_notice_minutes: 60, offline_services: [first.colour], offline_stylists: [] });

    // The link, its QR code and the embed code, in the page language chosen.
    const origin = new URL(page.url()).origin;
    await expect.poll(() => page.getByTestId("booking-link").innerText()).toBe(`${origin}/de/book/${slug}`);
    const code = page.getByRole("img", { name: `QR-Code von ${origin}/de/book/${slug}` });
    await code.locator("svg path").first().waitFor();
    const snippet = page.getByRole("textbox", { name: "Auf Ihrer Website einbetten" });
    expect(await snippet.inputValue()).toBe(
      `<iframe src="${origin}/de/book/${slug}" title="Online-Buchung bei ${first.name}" loading="lazy" style="width:100%;min-height:720px;border:0"></iframe>`,
    );
    await page.getByLabel("Sprache der Seite").selectOption({ label: "Česky" });
    await expect.poll(() => page.getByTestId("booking-link").innerText()).toBe(`${origin}/cs/book/${slug}`);
    await page.getByRole("img", { name: `QR-Code von ${origin}/cs/book/${slug}` }).locator("svg path").first().waitFor();
    // The PNG is made on demand, as a file to save.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "PNG herunterladen" }).click()]);
    expect(download.suggestedFilename()).toBe(`${slug}-cs-qr.png`);

    // Open shows the page itself, in the language chosen, in a tab of its own.
    const [opened] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: /^Öffnen/ }).click()]);
    await opened.getByRole("heading", { level: 1, name: first.name }).waitFor();
    expect(opened.url()).toBe(`${origin}/cs/book/${slug}`);
    expect(await opened.locator("html").getAttribute("lang")).toBe("cs");
    await opened.close();

    // The page offers what was left on it.
    const view = await api(`/api/book/${slug}`);
    expect(view.status).toBe(200);
    expect((view.json.services as { name: string }[]).map((service) => service.name)).toEqual(["Damenhaarschnitt"]);

    expect(await accessibilityProblems(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "booking-settings-de-1366");
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "booking-settings-de-390");
    await context.close();

    // A second salon asking for the same address is told at the field.
    const second = await salon();
    const other = await browser.visitor({ viewport: LAPTOP });
    await logIn(other.page, second.owner.email, second.owner.password);
    await other.page.setViewportSize(VIEWPORTS.phone);
    await other.page.goto("/en/salon-settings?tab=booking");
    const taken = other.page.getByLabel("Page address");
    await taken.waitFor();
    await taken.fill(slug);
    await other.page.getByRole("button", { name: "Save Changes" }).click();
    await other.page.getByText("Another salon already uses this address. Please choose another.").first().waitFor();
    expect(await taken.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => taken.evaluate((input) => input === document.activeElement)).toBe(true);
    expect((await settingsOf(second.owner)).slug).toBeNull();
    await screenshot(other.page, "booking-settings-taken-390");
    await other.context.close();
  });

  it("marks an online booking in the calendar and says so in its dialog", async () => {
    const { owner, haircut } = await salon();
    const slug = `online-${crypto.randomUUID().slice(0, 8)}`;
    const opened = await owner.call("/api/dashboard/booking-page", {
      method: "PUT",
      body: { enabled: true, slug, min_notice_minutes: 0, horizon_days: 14, slot_step: 30, offline_services: [], offline_stylists: [] },
    });
    expect(opened.status).toBe(200);

    // A visitor books the first free time through the page's API.
    const today = wallTime(new Date(), SALON_ZONE);
    const from = `${today.year}-${String(today.month).padStart(2, "0")}-${String(today.day).padStart(2, "0")}`;
    const times = (await api(`/api/book/${slug}/times?services=${haircut}&from=${from}&days=7`)).json as unknown as BookingTimes;
    const start = times.days.flatMap((day) => day.times)[0];
    if (!start) throw new Error("the new salon has no free time this week");
    const booked = await api(`/api/book/${slug}/bookings`, {
      body: { services: [haircut], stylist: null, start_datetime: start, name: "Klára Online", phone: "+420 603 123 456", email: null, note: null },
    });
    expect(booked.status).toBe(201);
    const confirmation = booked.json as unknown as BookingConfirmation;

    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, owner.email, owner.password);
    await page.goto("/en/dashboard/calendar");
    await page.getByRole("button", { name: "Day", exact: true }).click();
    const days = dayNumber(confirmation.start_datetime) - dayNumber(Date.now());
    for (let step = 0; step < days; step++) await page.getByRole("button", { name: "Next" }).click();
    const event = page.getByRole("button", { name: /Klára Online/ }).first();
    await event.waitFor();
    await event.getByRole("img", { name: "Booked online" }).waitFor();
    // A screen reader reading the event hears where it came from.
    await page.getByRole("button", { name: /Booked online.*Klára Online/ }).first().waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await event.scrollIntoViewIfNeeded();
    await screenshot(page, "calendar-online-mark-1366", { fullPage: false });
    await page.setViewportSize(VIEWPORTS.phone);
    await event.scrollIntoViewIfNeeded();
    await event.getByRole("img", { name: "Booked online" }).waitFor();
    await screenshot(page, "calendar-online-mark-390", { fullPage: false });

    await event.click();
    const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
    // Who booked it, and when: the booking page.
    await dialog.getByText(/^Booked online · /).waitFor();
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await screenshot(page, "calendar-online-dialog-1366", { fullPage: false });
    await context.close();
  });

  it("shows the demo salon's page switched on, and its upcoming bookings from the page and from calls", async () => {
    const view = await api(`/api/book/${DEMO_BOOKING_SLUG}`);
    expect(view.json).toMatchObject({ open: true, salon: { name: "Salon Bella" } });
    // One service and one stylist are kept off the page.
    expect((view.json.services as { name: string }[]).map((service) => service.name)).not.toContain("Balayage");
    expect((view.json.stylists as { name: string }[]).map((stylist) => stylist.name)).toEqual(["Jana Nováková", "Petra Svobodová"]);
    const sources = await sql<{ source: string; count: number }[]>`
      select a.source, count(*)::int as count from appointments a join salons s on s.id = a.salon_id join users u on u.id = s.owner_id
      where u.email = ${DEMO_LOGIN.email} and a.start_at > now() and a.client_id is not null group by a.source`;
    const upcoming = Object.fromEntries(sources.map((row) => [row.source, row.count]));
    expect(upcoming.online).toBeGreaterThanOrEqual(3);
    expect(upcoming.voice).toBeGreaterThanOrEqual(2);

    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.goto("/en/salon-settings?tab=booking");
    await expect.poll(() => page.getByLabel("Page address").inputValue()).toBe(DEMO_BOOKING_SLUG);
    expect(await page.getByRole("group", { name: "Services" }).getByRole("checkbox", { name: /Balayage/ }).isChecked()).toBe(false);
    await page.getByRole("img", { name: /^QR code of / }).locator("svg").waitFor();
    // Czech words are longer: the filled-in tab still fits a phone.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/cs/salon-settings?tab=booking");
    await page.getByRole("img", { name: /^QR kód odkazu / }).locator("svg").waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "booking-settings-demo-cs-390");
    await page.setViewportSize(LAPTOP);
    await page.goto("/en/dashboard/calendar");
    await page.getByRole("button", { name: "Week", exact: true }).click();
    await page.locator(".appointment").first().waitFor();
    await screenshot(page, "calendar-demo-week-1366");
    // The list of every appointment, whichever day of the week it is today.
    await page.getByRole("button", { name: "Years", exact: true }).click();
    await page.getByRole("img", { name: "Booked by the receptionist" }).first().waitFor();
    await page.getByRole("img", { name: "Booked online" }).first().waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await context.close();
  });
});
