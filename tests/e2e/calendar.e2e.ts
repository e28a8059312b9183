import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import cs from "../../src/i18n/messages/cs.json";
import de from "../../src/i18n/messages/de.json";
import { accessibilityProblems } from "./axe.ts";
import { fitsWidth, screenshot, toast, useBrowser, VIEWPORTS } from "./browser.ts";
import { ownerApi, signedInOwner } from "./owner.ts";

const browser = useBrowser();
const DESKTOP = { width: 1366, height: 900 };

// The salon keeps Prague's time while the browser runs on the machine's (UTC here): every
// time below is Prague's wall-clock time, as the salon sees it.
const SALON_TIME_ZONE = "Europe/Prague";

/** The salon's calendar day after today, "2026-11-24". */
function tomorrow() {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: SALON_TIME_ZONE }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The instant Prague's clock shows `time` on `day` (its offset read from Intl). */
function pragueInstant(day: string, time: string) {
  const guess = new Date(`${day}T${time}:00Z`);
  const shown = new Intl.DateTimeFormat("en-GB", { timeZone: SALON_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(guess);
  const offset = (Number(shown.slice(0, 2)) - Number(time.slice(0, 2)) + 24) % 24;
  return new Date(guess.getTime() - offset * 3_600_000).toISOString();
}

/** Stylists who work every day, 09:00-13:00 and 14:00-17:00, so no weekday's test meets a day off. */
const EVERY_DAY = Object.fromEntries(
  ["0", "1", "2", "3", "4", "5", "6"].map((day) => [day, { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "17:00" }]),
);

/** The owner's stylists and services, made through the API with the session's token. */
async function seedSalon(page: Page) {
  const { get, post } = await ownerApi(page, SALON_TIME_ZONE);
  // The first call makes the salon, in Prague's time zone.
  await get("salon");
  const eva = await post("stylists", { first_name: "Eva", last_name: "Malá", working_hours: EVERY_DAY });
  const karel = await post("stylists", { first_name: "Karel", last_name: "Velký", working_hours: EVERY_DAY });
  await post("services", { name: "Haircut", duration: 45, price: 30 });
  const beard = await post("services", { name: "Beard trim", duration: 15, price: 12 });
  // Eva is busy tomorrow at 16:00, for the clash below.
  await post("appointments", {
    customer_name: "Blocker",
    stylist: eva.id,
    start_datetime: pragueInstant(tomorrow(), "16:00"),
    end_datetime: pragueInstant(tomorrow(), "16:30"),
    services: [{ service: beard.id, price_at_booking: 12, duration_at_booking: 15 }],
  });
  return { karel, beard };
}

/** Whether an event sits under a stylist's column heading. */
async function inColumn(page: Page, event: Locator, stylist: string) {
  // The calendar redraws its header when the toolbar's data arrives: measure what is on screen then.
  const heading = page.locator(".ec-header").getByText(stylist, { exact: true });
  await heading.waitFor();
  await event.waitFor();
  const column = (await heading.boundingBox())!;
  const box = (await event.boundingBox())!;
  const middle = box.x + box.width / 2;
  return middle > column.x && middle < column.x + column.width;
}

/** A moment's two boxes: the date box carries the field's label, the time box "<label>: time". */
function moment(dialog: Locator, label: string, time = "time") {
  return { date: dialog.getByLabel(label, { exact: true }), time: dialog.getByLabel(`${label}: ${time}`, { exact: true }) };
}

/** What a moment's boxes show; this browser's English is American. */
async function shownMoment(dialog: Locator, label: string) {
  const { date, time } = moment(dialog, label);
  return `${await date.inputValue()} ${await time.inputValue()}`;
}

/** A day and a time as American English writes them: "11/24/2026 10:00 AM". */
const american = (day: string, time: string) => {
  const [hour, minute] = time.split(":").map(Number);
  const date = new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
  return `${date} ${hour! % 12 || 12}:${String(minute).padStart(2, "0")} ${hour! < 12 ? "AM" : "PM"}`;
};

/** Drags an event by its top edge so that it starts at `time` (a label of the time axis) in the column of `stylist`. */
async function dragTo(page: Page, event: Locator, time: string, stylist: string) {
  const box = (await event.boundingBox())!;
  const row = (await page.locator(".ec-sidebar").getByText(time, { exact: true }).boundingBox())!;
  const column = (await page.locator(".ec-header").getByText(stylist, { exact: true }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + 30, { steps: 5 });
  await page.mouse.move(column.x + column.width / 2, row.y + row.height / 2 + 6, { steps: 10 });
  await page.mouse.up();
}

/** Presses in a stylist's column at one time of the axis and lets go at another, as to select a stretch. */
async function dragAcross(page: Page, stylist: string, from: string, to: string) {
  const column = (await page.locator(".ec-header").getByText(stylist, { exact: true }).boundingBox())!;
  const start = (await page.locator(".ec-sidebar").getByText(from, { exact: true }).boundingBox())!;
  const end = (await page.locator(".ec-sidebar").getByText(to, { exact: true }).boundingBox())!;
  const x = column.x + column.width / 2;
  await page.mouse.move(x, start.y + start.height / 2 + 6);
  await page.mouse.down();
  // Just above the end label: the last quarter hour before it.
  await page.mouse.move(x, end.y + end.height / 2 - 6, { steps: 10 });
  await page.mouse.up();
}

describe("calendar", () => {
  it("books an appointment with two services in a stylist's column, moves, edits and deletes it", async () => {
    const { page, context } = await browser.visitor();
    await signedInOwner(page);
    await seedSalon(page);
    const day = tomorrow();

    await page.goto("/en/dashboard/calendar");
    await page.getByRole("heading", { name: "Calendar", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Week", pressed: true }).waitFor();

    // Create: two services, and the end follows their 60 minutes.
    await page.getByRole("button", { name: "Create Appointment" }).click();
    const create = page.getByRole("dialog", { name: "Create Appointment" });
    await create.getByLabel("Client Name").fill("Jan Test");
    await create.getByLabel("Phone").fill("+420 777 111 222");
    await create.getByLabel("Stylist").selectOption({ label: "Karel Velký" });
    await create.getByLabel(/^Service\b/).first().selectOption({ label: "Haircut (45 min - €30.00)" });
    await create.getByRole("button", { name: "Add Service" }).click();
    await create.getByLabel(/^Service\b/).nth(1).selectOption({ label: "Beard trim (15 min - €12.00)" });
    // The date as ISO, which every language reads too, and the time as typed.
    await moment(create, "Start Time").date.fill(day);
    await moment(create, "Start Time").time.fill("10:00");
    expect(await shownMoment(create, "End Time")).toBe(american(day, "11:00"));
    await create.getByText("Total: 60 min · €42.00").waitFor();
    await screenshot(page, "calendar-create-desktop", { fullPage: false });
    await create.getByRole("button", { name: "Save" }).click();
    await toast(page, "Appointment created successfully");
    await create.waitFor({ state: "detached" });

    // It shows tomorrow in Karel's column, 10:00 to 11:00.
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.getByRole("button", { name: "Next" }).click();
    const booked = page.getByRole("button", { name: /Jan Test/ });
    await booked.waitFor();
    await page.locator(".ec-sidebar").getByText("9:00 AM", { exact: true }).evaluate((label) => label.scrollIntoView({ block: "start" }));
    expect(await booked.innerText()).toContain("10:00 – 11:00 AM");
    expect(await booked.innerText()).toContain("Haircut, Beard trim");
    expect(await inColumn(page, booked, "Karel Velký")).toBe(true);
    await screenshot(page, "calendar-day-desktop", { fullPage: false });

    // Dragging over free time opens a new appointment for that stylist and stretch.
    await dragAcross(page, "Karel Velký", "11:00 AM", "12:00 PM");
    const dragged = page.getByRole("dialog", { name: "Create Appointment" });
    expect(await dragged.getByLabel("Stylist").locator("option:checked").innerText()).toBe("Karel Velký");
    expect(await shownMoment(dragged, "Start Time")).toBe(american(day, "11:00"));
    expect(await shownMoment(dragged, "End Time")).toBe(american(day, "12:00"));
    await dragged.getByRole("button", { name: "Cancel" }).click();
    await dragged.waitFor({ state: "detached" });

    // So does a double click on a free quarter hour.
    const column = (await page.locator(".ec-header").getByText("Eva Malá", { exact: true }).boundingBox())!;
    const noon = (await page.locator(".ec-sidebar").getByText("12:00 PM", { exact: true }).boundingBox())!;
    await page.mouse.dblclick(column.x + column.width / 2, noon.y + noon.height / 2 + 6);
    const clicked = page.getByRole("dialog", { name: "Create Appointment" });
    expect(await clicked.getByLabel("Stylist").locator("option:checked").innerText()).toBe("Eva Malá");
    expect(await shownMoment(clicked, "Start Time")).toBe(american(day, "12:00"));
    await clicked.getByRole("button", { name: "Close" }).click();
    await clicked.waitFor({ state: "detached" });

    // The keyboard opens an appointment too; Escape leaves it unchanged and focus where it was.
    await booked.focus();
    await page.keyboard.press("Enter");
    const viaKeyboard = page.getByRole("dialog", { name: "Edit Appointment" });
    await viaKeyboard.getByLabel("Client Name").waitFor();
    await page.keyboard.press("Escape");
    await viaKeyboard.waitFor({ state: "detached" });
    expect(await booked.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByText("Appointment updated successfully").count()).toBe(0);

    // Moving onto Eva's 16:00 clashes: the event goes back and a toast says why.
    await dragTo(page, booked, "4:00 PM", "Eva Malá");
    await toast(page, /Eva Malá already has an appointment/, "alert");
    await expect.poll(() => booked.innerText()).toContain("10:00 – 11:00 AM");
    expect(await inColumn(page, booked, "Karel Velký")).toBe(true);
    await screenshot(page, "calendar-clash-desktop", { fullPage: false });

    // Moving to Eva's free 14:00 is saved.
    await dragTo(page, booked, "2:00 PM", "Eva Malá");
    await toast(page, "Appointment moved");
    await expect.poll(() => booked.innerText()).toContain("2:00 – 3:00 PM");
    expect(await inColumn(page, booked, "Eva Malá")).toBe(true);
    await page.reload();
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => booked.innerText()).toContain("2:00 – 3:00 PM");

    // Edit: the modal shows the moved times; a new name is saved.
    await booked.click();
    const edit = page.getByRole("dialog", { name: "Edit Appointment" });
    expect(await edit.getByLabel("Stylist").locator("option:checked").innerText()).toBe("Eva Malá");
    expect(await shownMoment(edit, "Start Time")).toBe(american(day, "14:00"));
    expect(await shownMoment(edit, "End Time")).toBe(american(day, "15:00"));
    await edit.getByLabel("Client Name").fill("Jana Test");
    await edit.getByLabel("Notes").fill("Prefers short");
    await edit.getByRole("button", { name: "Update" }).click();
    await toast(page, "Appointment updated successfully");
    const renamed = page.getByRole("button", { name: /Jana Test/ });
    await renamed.waitFor();

    // Delete, after confirming.
    await renamed.click();
    await page.getByRole("dialog", { name: "Edit Appointment" }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete this appointment?" }).getByRole("button", { name: "Delete" }).click();
    await toast(page, "Appointment deleted successfully");
    await renamed.waitFor({ state: "detached" });
    // Eva's other appointment stays.
    await page.getByRole("button", { name: /Blocker/ }).waitFor();

    // The screens at both widths, the week and the day.
    await page.getByRole("button", { name: "Week", exact: true }).click();
    await screenshot(page, "calendar-week-desktop", { fullPage: false });
    await page.setViewportSize(VIEWPORTS.phone);
    await page.reload();
    await page.getByRole("button", { name: "Day", pressed: true }).waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: /Blocker/ }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "calendar-day-phone", { fullPage: false });
    await page.getByRole("button", { name: /Blocker/ }).click();
    await page.getByRole("dialog", { name: "Edit Appointment" }).waitFor();
    await screenshot(page, "calendar-edit-phone", { fullPage: false });
    await context.close();
  }, 60_000);

  it("writes dates and times the German way in an American browser, and saves what was typed in the salon's time", async () => {
    const { page } = await browser.visitor({ locale: "en-US" });
    await signedInOwner(page);
    await seedSalon(page);
    const day = tomorrow();
    const api = await ownerApi(page, SALON_TIME_ZONE);
    const stylists = await api.get<{ id: string; first_name: string }[]>("stylists");
    const services = await api.get<{ id: string; name: string }[]>("services");
    const { id } = await api.post("appointments", {
      customer_name: "Gerda Test",
      stylist: stylists.find((stylist) => stylist.first_name === "Karel")!.id,
      start_datetime: pragueInstant(day, "14:30"),
      end_datetime: pragueInstant(day, "15:15"),
      services: [{ service: services.find((service) => service.name === "Haircut")!.id, price_at_booking: 30, duration_at_booking: 45 }],
    });

    await page.goto("/de/dashboard/calendar");
    await page.getByRole("button", { name: "Tag", exact: true }).click();
    await page.getByRole("button", { name: "Nächster Zeitraum" }).click();
    await page.getByRole("button", { name: /Gerda Test/ }).click();
    const edit = page.getByRole("dialog", { name: "Termin bearbeiten" });
    const start = moment(edit, "Beginn", "Uhrzeit");
    const german = (date: string) => date.split("-").reverse().map(Number).join(".");
    expect(await start.date.inputValue()).toBe(german(day));
    expect(await start.time.inputValue()).toBe("14:30");
    expect(await start.date.getAttribute("placeholder")).toBe("TT.MM.JJJJ");
    expect(await start.date.evaluate((input) => input.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)!.textContent).join(" "))).toContain("Format: TT.MM.JJJJ");
    await screenshot(page, "calendar-typed-moment-de", { fullPage: false });

    // Something that is no date is flagged at once.
    await start.date.fill("31.02.");
    expect(await start.date.getAttribute("aria-invalid")).toBe("true");
    const next = new Date(`${day}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const dayAfter = next.toISOString().slice(0, 10);
    await start.date.fill(german(dayAfter));
    expect(await start.date.getAttribute("aria-invalid")).toBe("false");
    await start.time.fill("9:15");
    await start.time.blur();
    expect(await start.time.inputValue()).toBe("09:15");
    expect(await moment(edit, "Ende", "Uhrzeit").time.inputValue()).toBe("10:00");
    await edit.getByRole("button", { name: "Änderungen speichern" }).click();
    await toast(page, "Termin erfolgreich aktualisiert");

    const saved = await api.get<{ start_datetime: string }>(`appointments/${id}`);
    expect(new Date(saved.start_datetime).toISOString()).toBe(pragueInstant(dayAfter, "09:15"));
  });

  it("books a closed day after a warning, and asks before a drag onto closed hours", async () => {
    const { page, context } = await browser.visitor();
    await page.setViewportSize(DESKTOP);
    await signedInOwner(page);
    const { karel, beard } = await seedSalon(page);
    const day = tomorrow();
    const next = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    // The salon closes on tomorrow's weekday; the day after it is open 09:00-18:00.
    const weekday = String((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7);
    const open = Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((key) => [key, { open: "09:00", close: "18:00" }]));
    const api = await ownerApi(page, SALON_TIME_ZONE);
    await api.put("salon", { name: "Salon Karel", business_hours: { ...open, [weekday]: null } });
    await api.post("appointments", {
      customer_name: "Early Client",
      stylist: karel.id,
      start_datetime: pragueInstant(next, "10:00"),
      end_datetime: pragueInstant(next, "11:00"),
      services: [{ service: beard.id, price_at_booking: 12, duration_at_booking: 15 }],
    });

    await page.goto("/en/dashboard/calendar");
    await page.getByRole("button", { name: "Create Appointment" }).click();
    const create = page.getByRole("dialog", { name: "Create Appointment" });
    await create.getByLabel("Client Name").fill("Closed Day");
    await create.getByLabel("Stylist").selectOption({ label: "Karel Velký" });
    await create.getByLabel(/^Service\b/).first().selectOption({ label: "Haircut (45 min - €30.00)" });
    await moment(create, "Start Time").date.fill(day);
    await moment(create, "Start Time").time.fill("10:00");
    await create.getByText("The salon is closed on this day.").waitFor();
    expect(await create.getByRole("button", { name: "Save", exact: true }).count()).toBe(0);
    // Once the dialog has faded in (the screenshot waits for that), its colours are final.
    await screenshot(page, "calendar-outside-hours-desktop", { fullPage: false });
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await page.setViewportSize(VIEWPORTS.phone);
    await create.getByText("The salon is closed on this day.").scrollIntoViewIfNeeded();
    await screenshot(page, "calendar-outside-hours-phone", { fullPage: false });
    await page.setViewportSize(DESKTOP);
    await create.getByRole("button", { name: "Save anyway" }).click();
    await toast(page, "Appointment created successfully");
    await create.waitFor({ state: "detached" });

    // It is saved on the closed day.
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.getByRole("button", { name: "Next" }).click();
    const closedDay = page.getByRole("button", { name: /Closed Day/ });
    await closedDay.waitFor();
    expect(await closedDay.innerText()).toContain("10:00 – 10:45 AM");

    // The next day, dragging Early Client's 10:00 to 7:00, before opening, asks first; Cancel puts it back.
    await page.getByRole("button", { name: "Next" }).click();
    const early = page.getByRole("button", { name: /Early Client/ });
    await early.waitFor();
    await page.locator(".ec-sidebar").getByText("6:00 AM", { exact: true }).evaluate((label) => label.scrollIntoView({ block: "start" }));
    await dragTo(page, early, "7:00 AM", "Karel Velký");
    const ask = page.getByRole("dialog", { name: "Move outside opening or working hours?" });
    await ask.getByText("The salon is open only 9:00 AM–6:00 PM on this day.").waitFor();
    await ask.getByText("Karel Velký works only 9:00 AM–5:00 PM on this day.").waitFor();
    await screenshot(page, "calendar-outside-hours-move-desktop", { fullPage: false });
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "detached" });
    await expect.poll(() => early.innerText()).toContain("10:00 – 11:00 AM");
    expect(await page.getByText("Appointment moved").count()).toBe(0);

    // Confirmed, it is moved and stays moved.
    await dragTo(page, early, "7:00 AM", "Karel Velký");
    await ask.getByRole("button", { name: "Move anyway" }).click();
    await toast(page, "Appointment moved");
    await expect.poll(() => early.innerText()).toContain("7:00 – 8:00 AM");
    await page.reload();
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => early.innerText()).toContain("7:00 – 8:00 AM");

    // The warning on the closed day's appointment, in German on a phone and in Czech on a desktop:
    // words differ by language and room by width, and two visits meet both.
    for (const [language, messages, width, viewport] of [["de", de, "phone", VIEWPORTS.phone], ["cs", cs, "desktop", DESKTOP]] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/${language}/dashboard/calendar`);
      await page.getByRole("button", { name: messages["calendar.view.day"], exact: true }).click();
      await page.getByRole("button", { name: messages["calendar.next"] }).click();
      await page.getByRole("button", { name: /Closed Day/ }).click();
      const edit = page.getByRole("dialog", { name: messages["appointments.modal.editTitle"] });
      const warning = edit.getByText(messages["calendar.outside.salonClosedDay"]);
      await warning.waitFor();
      await edit.getByRole("button", { name: messages["appointments.form.updateAnyway"] }).waitFor();
      await warning.scrollIntoViewIfNeeded();
      await screenshot(page, `calendar-outside-hours-${language}-${width}`, { fullPage: false });
      expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    }
    await context.close();
  }, 90_000);

  it("tells a new salon without services why it cannot book yet, and leads to the Services tab", async () => {
    const { page, context } = await browser.visitor();
    await signedInOwner(page);
    const { get, post } = await ownerApi(page);
    await get("salon");
    await post("stylists", { first_name: "Eva", last_name: "Malá" });

    await page.goto("/en/dashboard/calendar");
    await page.getByRole("button", { name: "Create Appointment" }).click();
    const create = page.getByRole("dialog", { name: "Create Appointment" });
    await create.getByText("You have no services yet, so there is nothing to book.").waitFor();
    expect(await create.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await screenshot(page, "calendar-no-services-desktop", { fullPage: false });
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await create.getByRole("link", { name: "Add services" }).click();
    await page.getByRole("tab", { name: "Services", selected: true }).waitFor();
    expect(new URL(page.url()).search).toBe("?tab=services");
    await context.close();
  });
});
