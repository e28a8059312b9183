import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Appointment } from "../../contract/appointments.ts";
import { wallTime } from "../../contract/time-zone.ts";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { accessibilityProblems } from "./axe.ts";
import { screenshot, toast, useBrowser, VIEWPORTS } from "./browser.ts";
import { logIn, ownerApi } from "./owner.ts";

const browser = useBrowser();
const LAPTOP = { width: 1366, height: 900 } as const;
const SALON_ZONE = "Europe/Prague";
const DAY_MS = 86_400_000;

/** The demo's appointments of the last five days, and the latest that has ended and is no no-show yet, of a client named once that day. */
async function pastAppointments(page: Page): Promise<{ appointments: Appointment[]; chosen: Appointment }> {
  const now = Date.now();
  const query = new URLSearchParams({ start_date: new Date(now - 5 * DAY_MS).toISOString(), end_date: new Date(now).toISOString() });
  const appointments = await (await ownerApi(page)).get<Appointment[]>(`appointments?${query}`);
  const sameDay = (a: Appointment, b: Appointment) => dayNumber(a.start_datetime) === dayNumber(b.start_datetime);
  const candidates = appointments.filter(
    (appointment) =>
      Date.parse(appointment.end_datetime) < now &&
      appointment.no_show_at === null &&
      appointment.customer_name !== null &&
      appointments.filter((other) => sameDay(other, appointment) && other.customer_name === appointment.customer_name).length === 1,
  );
  const chosen = candidates.at(-1);
  if (!chosen) throw new Error("the demo has no past appointment to mark");
  return { appointments, chosen };
}

/** Days since an epoch of the salon's calendar day an instant falls on. */
function dayNumber(instant: string | number): number {
  const wall = wallTime(new Date(instant), SALON_ZONE);
  return Date.UTC(wall.year, wall.month - 1, wall.day) / DAY_MS;
}

/** The calendar's day view on the day of `appointment`, and its event there. */
async function openDay(page: Page, appointment: Appointment) {
  await page.goto("/en/dashboard/calendar");
  await page.getByRole("button", { name: "Day", exact: true }).click();
  for (let back = dayNumber(Date.now()) - dayNumber(appointment.start_datetime); back > 0; back--) {
    await page.getByRole("button", { name: "Previous" }).click();
  }
  const event = page.getByRole("button", { name: new RegExp(appointment.customer_name!) });
  await event.waitFor();
  return event;
}

describe("a no-show", () => {
  it("is marked on a past demo appointment in the calendar, labelled there and counted on the client's page", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.goto("/en/dashboard");
    await page.locator("nav").getByRole("link", { name: "Clients", exact: true }).waitFor();
    const { appointments, chosen: appointment } = await pastAppointments(page);
    const name = appointment.customer_name!;
    // The demo comes with two no-shows of its own.
    expect(appointments.filter((one) => one.no_show_at !== null).length).toBeGreaterThanOrEqual(2);

    const event = await openDay(page, appointment);
    expect(await event.textContent()).not.toContain("No-show");
    await event.click();
    const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Client Name").inputValue()).toBe(name);
    await dialog.getByText("Did the client not come? Mark the appointment as a no-show.").waitFor();
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);

    await dialog.getByRole("button", { name: "Mark as no-show" }).click();
    await toast(page, "Marked as a no-show");
    await dialog.getByText("Marked as a no-show: the client did not come.").waitFor();
    await dialog.getByRole("button", { name: "Undo no-show" }).waitFor();
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await screenshot(page, "no-show-modal-desktop", { fullPage: false });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    // The calendar says it in words, and keeps the appointment in its slot.
    const missed = page.getByRole("button", { name: new RegExp(`No-show.*${name}`) });
    await missed.waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "no-show-calendar-desktop", { fullPage: false });

    // The client's page counts it and marks the appointment among the past ones.
    await page.locator("nav").getByRole("link", { name: "Clients", exact: true }).click();
    await page.getByRole("searchbox", { name: "Search clients" }).fill(appointment.customer_phone!);
    const row = page.locator("main").getByRole("button", { name: new RegExp(name) });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toMatch(/\d+ no-shows?/);
    await row.click();
    const client = page.locator("main article");
    await client.getByRole("heading", { name }).waitFor();
    const past = client.getByRole("region", { name: "Past appointments" }).getByRole("listitem").filter({ has: page.locator(`time[datetime="${appointment.start_datetime}"]`) });
    await expect.poll(() => past.innerText()).toContain("No-show");
    expect(await client.locator("dt", { hasText: "No-shows" }).locator("xpath=following-sibling::dd[1]").innerText()).not.toBe("None");
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "no-show-client-desktop");

    // On a phone, the modal offers the undo and the client's page stands alone.
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "no-show-client-phone");
    const again = await openDay(page, appointment);
    await expect.poll(() => again.textContent()).toContain("No-show");
    await again.scrollIntoViewIfNeeded();
    await screenshot(page, "no-show-calendar-phone", { fullPage: false });
    await again.click();
    await dialog.getByRole("button", { name: "Undo no-show" }).waitFor();
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await screenshot(page, "no-show-modal-phone", { fullPage: false });
    await context.close();
  });
});
