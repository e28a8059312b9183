import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sql } from "./database.ts";
import { DEFAULT_BUSINESS_HOURS } from "../../contract/salon.ts";
import { wallTime, zonedInstant } from "../../contract/time-zone.ts";
import { signLink } from "../../worker/clients/messaging/links.ts";
import { accessibilityProblems } from "./axe.ts";
import { screenshot, useBrowser, VIEWPORTS } from "./browser.ts";
import { e2ePgPort } from "./setup/ports.ts";

const browser = useBrowser();

const LAPTOP = { width: 1366, height: 900 } as const;
const PRAGUE = "Europe/Prague";
// The server's signing key, kept beside its database by the local stack (scripts/lib/local-stack.ts).
const SECRET = readFileSync(`.data/postgres-e2e-${e2ePgPort()}.jwt-secret`, "utf8").trim();

/** The Prague calendar day `days` from today. */
function dayAhead(days: number): { year: number; month: number; day: number } {
  const today = wallTime(new Date(), PRAGUE);
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}
const at = (day: { year: number; month: number; day: number }, hour: number) => zonedInstant({ ...day, hour, minute: 0 }, PRAGUE);

const SHIFT = { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "17:00" };

/** A Prague salon of its own, one stylist working every day, and a client's haircut ten days ahead, with its confirmation email. */
async function bookedVisit() {
  const [owner] = await sql<{ id: string }[]>`
    insert into users (email, password_hash, email_verified_at) values (${`visit-${crypto.randomUUID()}@salon.example`}, 'unused', now()) returning id`;
  const [salon] = await sql<{ id: string }[]>`
    insert into salons (owner_id, name, phone, address, postal_code, city, business_hours, time_zone)
    values (${owner!.id}, 'Studio Lumen', '+420 777 123 456', 'Dlouhá 12', '110 00', 'Praha', ${JSON.stringify(DEFAULT_BUSINESS_HOURS)}::text::jsonb, ${PRAGUE}) returning id`;
  const hours = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [day, SHIFT]));
  const [stylist] = await sql<{ id: string }[]>`
    insert into stylists (salon_id, first_name, last_name, working_hours) values (${salon!.id}, 'Jana', 'Nováková', ${JSON.stringify(hours)}::text::jsonb) returning id`;
  const [service] = await sql<{ id: string }[]>`
    insert into services (salon_id, name, duration, price) values (${salon!.id}, 'Haircut', 60, 30) returning id`;
  const start = at(dayAhead(10), 10);
  const [appointment] = await sql<{ id: string }[]>`
    insert into appointments (salon_id, stylist_id, stylist_name, customer_name, customer_phone, start_at, end_at)
    values (${salon!.id}, ${stylist!.id}, 'Jana Nováková', 'Petra Králová', '+420 603 111 222', ${start}, ${new Date(start.getTime() + 3_600_000)})
    returning id`;
  await sql`
    insert into appointment_services (appointment_id, salon_id, service_id, service_name, service_color, price_at_booking, duration_at_booking, position)
    values (${appointment!.id}, ${salon!.id}, ${service!.id}, 'Haircut', '#3788d8', 30, 60, 0)`;
  const [email] = await sql<{ id: string }[]>`
    insert into client_messages (salon_id, appointment_id, kind, channel, dedupe_key, language, recipient, body, state)
    values (${salon!.id}, ${appointment!.id}, 'booked', 'email', 'booked', 'de', 'petra@example.com', 'Hallo', 'sent') returning id`;
  return {
    salonId: salon!.id,
    appointmentId: appointment!.id,
    visitToken: await signLink(SECRET, "visit", appointment!.id),
    unsubscribeToken: await signLink(SECRET, "unsubscribe", email!.id),
  };
}

describe("a client's appointment page", () => {
  it("moves the visit to a free time on a phone, cancels only after asking, and has no serious accessibility problem", async () => {
    const { appointmentId, visitToken } = await bookedVisit();
    const { page } = await browser.visitor({ viewport: VIEWPORTS.phone });
    await page.goto(`/en/visit/${visitToken}`);

    await page.getByRole("heading", { name: "Your appointment" }).waitFor();
    const main = page.getByRole("main");
    await main.getByText("10:00 AM–11:00 AM").waitFor();
    await expect(main.getByRole("link", { name: "+420 777 123 456" }).getAttribute("href")).resolves.toBe("tel:+420777123456");
    expect(await main.textContent()).toContain("Dlouhá 12, 110 00 Praha");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "visit-390");

    await page.getByRole("button", { name: "Change the time" }).click();
    const newDay = dayAhead(11);
    const dayName = new Intl.DateTimeFormat("en", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
      new Date(Date.UTC(newDay.year, newDay.month - 1, newDay.day, 12)),
    );
    await page.getByRole("group", { name: "Days" }).getByRole("button", { name: dayName }).click();
    const times = page.getByRole("group", { name: `Free times on ${dayName}` });
    await times.getByRole("button", { name: "2:00 PM", exact: true }).click();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "visit-reschedule-390");
    await page.getByRole("button", { name: /^Move to / }).click();

    await page.getByRole("heading", { name: "Your appointment has been moved" }).waitFor();
    await main.getByText("2:00 PM–3:00 PM").waitFor();
    await screenshot(page, "visit-moved-390");
    const [row] = await sql<{ start_at: Date }[]>`select start_at from appointments where id = ${appointmentId}`;
    expect(row!.start_at.toISOString()).toBe(at(newDay, 14).toISOString());

    // Cancelling asks first; the dialog keeps focus inside and Escape leaves everything as it was.
    const cancel = page.getByRole("button", { name: "Cancel appointment" });
    await cancel.click();
    const dialog = page.getByRole("dialog", { name: "Cancel this appointment?" });
    await dialog.waitFor();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    expect(await accessibilityProblems(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, "visit-cancel-dialog-390");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.textContent === "Cancel appointment");
    const [kept] = await sql`select status from appointments where id = ${appointmentId}`;
    expect(kept!.status).toBe("booked");

    await cancel.click();
    await dialog.getByRole("button", { name: "Yes, cancel it" }).click();
    await page.getByRole("heading", { name: "Your appointment is cancelled" }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "visit-cancelled-390");
    await expect(page.getByRole("button", { name: "Change the time" }).count()).resolves.toBe(0);
    const [cancelled] = await sql`select status from appointments where id = ${appointmentId}`;
    expect(cancelled!.status).toBe("cancelled");
  });

  it("reads well on a laptop, in the language of its address", async () => {
    const { visitToken } = await bookedVisit();
    const { page } = await browser.visitor({ viewport: LAPTOP });
    await page.goto(`/cs/visit/${visitToken}`);
    await page.getByRole("heading", { name: "Vaše rezervace" }).waitFor();
    await page.getByRole("button", { name: "Změnit termín" }).click();
    await page.getByRole("group", { name: "Dny" }).getByRole("button").nth(12).click();
    await page.getByRole("button", { name: "14:00", exact: true }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "visit-reschedule-1366");
  });

  it("says plainly when its link does not work", async () => {
    const { page } = await browser.visitor({ viewport: VIEWPORTS.phone });
    await page.goto("/de/visit/not-a-real-link");
    await page.getByRole("heading", { name: "Dieser Link funktioniert nicht" }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "visit-invalid-390");
  });
});

describe("the unsubscribe page", () => {
  it("unsubscribes the address only when asked, and says so", async () => {
    const { salonId, unsubscribeToken } = await bookedVisit();
    for (const [viewport, name] of [[VIEWPORTS.phone, "390"], [LAPTOP, "1366"]] as const) {
      const { page } = await browser.visitor({ viewport });
      await page.goto(`/de/unsubscribe/${unsubscribeToken}`);
      await page.getByRole("heading", { name: "Keine Termin-E-Mails mehr erhalten?" }).waitFor();
      expect(await page.getByRole("main").textContent()).toContain("p•••@example.com");
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshot(page, `unsubscribe-${name}`);
    }
    // Opening the page, twice, unsubscribed nobody.
    expect(await sql`select 1 from message_opt_outs where salon_id = ${salonId}`).toHaveLength(0);

    const { page } = await browser.visitor({ viewport: VIEWPORTS.phone });
    await page.goto(`/de/unsubscribe/${unsubscribeToken}`);
    await page.getByRole("button", { name: "Abmelden" }).click();
    await page.getByRole("heading", { name: "Sie sind abgemeldet" }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "unsubscribe-done-390");
    const rows = await sql`select address from message_opt_outs where salon_id = ${salonId} and channel = 'email'`;
    expect(rows.map((r) => r.address)).toEqual(["petra@example.com"]);
  });
});
