import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Appointment } from "../../contract/appointments.ts";
import type { ClientMessage } from "../../contract/client-messages.ts";
import { wallTime } from "../../contract/time-zone.ts";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { accessibilityProblems } from "./axe.ts";
import { fitsWidth, screenshot, toast, useBrowser, VIEWPORTS } from "./browser.ts";
import { logIn, ownerApi, signedInOwner } from "./owner.ts";

const browser = useBrowser();
const LAPTOP = { width: 1366, height: 900 } as const;
const SALON_ZONE = "Europe/Prague";
const DAY_MS = 86_400_000;

describe("the Messages tab", () => {
  it("changes the reminder's timing and previews every message in three languages", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await signedInOwner(page);
    await page.goto("/en/salon-settings?tab=messages");
    const reminder = page.getByLabel("Reminder", { exact: true });
    await reminder.waitFor();
    expect(await reminder.locator("option:checked").innerText()).toBe("24 hours before");
    expect(await page.getByLabel("SMS", { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel("From", { exact: true }).inputValue()).toBe("9:00 PM");

    await reminder.selectOption({ label: "48 hours before" });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Message settings saved");
    await page.reload();
    await expect.poll(() => page.getByLabel("Reminder", { exact: true }).locator("option:checked").innerText()).toBe("48 hours before");

    // A sender name networks would refuse is stopped at its field.
    const sender = page.getByLabel("Sender name (optional)");
    await sender.fill("Studio-Nova");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Up to 11 letters, digits and spaces, with at least one letter (no accents).").waitFor();
    expect(await sender.getAttribute("aria-invalid")).toBe("true");

    // The previews: the interface's language first, then the client's language chosen apart from it.
    const sms = page.getByTestId("sms-preview");
    const subject = page.getByTestId("email-subject");
    const emailBody = page.frameLocator("iframe[title='Email preview']").locator("body");
    await expect.poll(() => sms.innerText()).toContain("your appointment is booked");
    // Without a sender name the SMS comes from a number and says how to opt out.
    await sender.fill("");
    await expect.poll(() => sms.innerText()).toContain("Reply STOP to opt out.");
    expect(await page.getByTestId("sms-size").innerText()).toMatch(/160 characters fit in one SMS/);
    expect(await subject.innerText()).toContain("appointment confirmed");
    await expect.poll(() => emailBody.innerText()).toContain("Your appointment at");

    const languages = page.getByRole("group", { name: "Client's language" });
    const kinds = page.getByRole("group", { name: "Message" });
    await languages.getByRole("button", { name: "Deutsch" }).click();
    await expect.poll(() => sms.innerText()).toContain("Ihr Termin ist gebucht");
    await expect.poll(() => subject.innerText()).toContain("Termin bestätigt");
    await expect.poll(() => emailBody.innerText()).toContain("ist gebucht");
    await kinds.getByRole("button", { name: "Appointment moved" }).click();
    await expect.poll(() => sms.innerText()).toContain("Ihr Termin wurde verschoben");

    await languages.getByRole("button", { name: "Česky" }).click();
    await kinds.getByRole("button", { name: "Reminder" }).click();
    await expect.poll(() => sms.innerText()).toContain("připomínáme termín");
    await expect.poll(() => emailBody.innerText()).toContain("připomínáme vám blížící se termín");
    // Czech letters send the SMS as Unicode: fewer characters a message.
    expect(await page.getByTestId("sms-size").innerText()).toMatch(/70 characters in one/);
    await kinds.getByRole("button", { name: "Appointment cancelled" }).click();
    await expect.poll(() => subject.innerText()).toContain("termín zrušen");

    // A sender name cannot be answered, so its SMS says nothing of STOP.
    await sender.fill("Studio Nova");
    await expect.poll(() => sms.innerText()).not.toContain("STOP");

    expect(await accessibilityProblems(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "messages-tab-1366");
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "messages-tab-390");
    await page.locator("iframe[title='Email preview']").scrollIntoViewIfNeeded();
    await expect.poll(() => emailBody.innerText()).toContain("váš termín jsme zrušili");
    await screenshot(page, "messages-tab-email-390", { fullPage: false });

    // German and Czech words are longer: the tab still fits a phone and stays accessible.
    for (const language of ["de", "cs"]) {
      await page.goto(`/${language}/salon-settings?tab=messages`);
      await page.getByTestId("sms-preview").waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshot(page, `messages-tab-${language}-390`);
    }
    await context.close();
  });
});

/** Days since an epoch of the salon's calendar day an instant falls on. */
function dayNumber(instant: string | number): number {
  const wall = wallTime(new Date(instant), SALON_ZONE);
  return Date.UTC(wall.year, wall.month - 1, wall.day) / DAY_MS;
}

/** The calendar's day view on the day of `appointment`, and its event there. */
async function openDay(page: Page, appointment: Appointment) {
  await page.goto("/en/dashboard/calendar");
  await page.getByRole("button", { name: "Day", exact: true }).click();
  const days = dayNumber(appointment.start_datetime) - dayNumber(Date.now());
  for (let step = 0; step < Math.abs(days); step++) await page.getByRole("button", { name: days > 0 ? "Next" : "Previous" }).click();
  const event = page.getByRole("button", { name: new RegExp(`${appointment.customer_name}.*${appointment.stylist_name}`) }).first();
  await event.waitFor();
  return event;
}

/** The demo's appointments of this week with the messages of each, read as the dashboard reads them. */
async function appointmentsWithMessages(page: Page) {
  const api = await ownerApi(page);
  const now = Date.now();
  const query = new URLSearchParams({ start_date: new Date(now - 5 * DAY_MS).toISOString(), end_date: new Date(now + 8 * DAY_MS).toISOString() });
  const appointments = await api.get<Appointment[]>(`appointments?${query}`);
  const found: { appointment: Appointment; messages: ClientMessage[] }[] = [];
  for (const appointment of appointments) {
    const { items } = await api.get<{ items: ClientMessage[] }>(`client-messages?appointment=${appointment.id}`);
    if (items.length > 0) found.push({ appointment, messages: items });
  }
  return found;
}

describe("an appointment's messages", () => {
  it("are listed in the calendar's dialog with their state, cost and why one was not sent", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.goto("/en/dashboard");
    await page.locator("nav").getByRole("link", { name: "Clients", exact: true }).waitFor();
    const found = await appointmentsWithMessages(page);
    const reminded = found.find(({ messages }) => messages.some((message) => message.kind === "reminder" && message.state === "queued"));
    const failed = found.find(({ messages }) => messages.some((message) => message.state === "failed"));
    if (!reminded || !failed) throw new Error("the demo has no appointment with a queued reminder and one with a failed SMS");

    const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
    const messages = dialog.getByRole("region", { name: "Messages to the client" }).getByTestId("appointment-message");
    await (await openDay(page, reminded.appointment)).click();
    await dialog.waitFor();
    await expect.poll(() => messages.count()).toBe(3);
    // Newest first: the reminder waits for its time, a day before the visit.
    const [first, second, third] = [messages.nth(0), messages.nth(1), messages.nth(2)];
    expect(await first.innerText()).toMatch(/Reminder · SMS[\s\S]*Waiting until/);
    const texts = async () => [await second.innerText(), await third.innerText()].join("\n");
    // The cost shows once the rates of the salon's currency are in.
    await expect.poll(texts).toMatch(/Booking confirmed · SMS[\s\S]*Delivered[\s\S]*Cost: Kč\s?\d/);
    expect(await texts()).toContain("The client has no number or address for this.");
    // A message opens to the words the client got.
    const delivered = messages.filter({ hasText: "Delivered" });
    await delivered.getByRole("button", { name: "Show the text" }).click();
    await expect.poll(() => delivered.getByTestId("message-text").innerText()).toMatch(/^Salon Bella: rezervace potvrzena – /);
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await messages.last().scrollIntoViewIfNeeded();
    await screenshot(page, "appointment-messages-1366", { fullPage: false });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.setViewportSize(VIEWPORTS.phone);
    await (await openDay(page, failed.appointment)).click();
    await dialog.waitFor();
    const failure = messages.filter({ hasText: "Failed" });
    await failure.waitFor();
    expect(await failure.innerText()).toContain("Error: 30005: Unknown destination handset");
    await failure.scrollIntoViewIfNeeded();
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await screenshot(page, "appointment-messages-390", { fullPage: false });
    await context.close();
  });

  it("shows the client who replied STOP on their page, and the local mailbox lists the messages", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.goto("/en/dashboard/clients");
    await page.getByRole("searchbox", { name: "Search clients" }).fill("606 444 555");
    await page.locator("main").getByRole("button", { name: /Eva Horáková/ }).click();
    const client = page.locator("main article");
    await client.getByRole("heading", { name: "Eva Horáková" }).waitFor();
    expect(await client.getByTestId("client-opt-outs").innerText()).toMatch(/^No SMS: replied STOP to \+420 606 444 555 on \w{3} \d{1,2}, \d{4}$/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "client-opt-out-1366");

    await page.goto("/dev/mailbox");
    const failedSms = page.getByTestId("mailbox-message").filter({ hasText: "30005" });
    await failedSms.waitFor();
    expect(await failedSms.innerText()).toMatch(/SMS[\s\S]*Failed/);
    expect(await page.getByTestId("mailbox-message").filter({ hasText: "petra.kralova@example.cz" }).innerText()).toContain("Sent");
    await screenshot(page, "mailbox-messages-1366");
    await context.close();
  });
});

