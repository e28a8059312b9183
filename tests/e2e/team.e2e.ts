import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_TEAM } from "../../scripts/lib/demo-team.ts";
import { accessibilityProblems } from "./axe.ts";
import { VIEWPORTS, screenshot, settled, useBrowser } from "./browser.ts";
import { signedInOwner } from "./call-api.ts";
import { sql } from "./database.ts";
import { logIn } from "./owner.ts";

const browser = useBrowser();
afterAll(() => sql.end());
const LAPTOP = { width: 1366, height: 900 } as const;

/** An owner's salon of a name of its own, with Jana as its stylist and a service to book. */
async function salonWithStylist() {
  const owner = await signedInOwner();
  const salonName = `Salon ${crypto.randomUUID().slice(0, 8)}`;
  await owner.call("/api/dashboard/salon", { method: "PUT", body: { name: salonName } });
  const jana = await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nováková" } });
  await owner.call("/api/dashboard/services", { body: { name: "Haircut", duration: 45, price: 30 } });
  return { owner, salonName, janaId: jana.json.id as string };
}

const newAddress = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@salon.example`;

/** The link of the newest invitation mailed to `to`, from the local mailbox. */
async function invitationLink(page: Page, to: string): Promise<string> {
  await page.goto("/dev/mailbox");
  const mail = page.getByTestId("mailbox-item").filter({ hasText: to }).first();
  await mail.waitFor();
  const text = (await mail.textContent()) ?? "";
  const link = /https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  if (!link) throw new Error(`no invitation link in: ${text}`);
  return new URL(link).pathname;
}

/** The sidebar's screens, as a person reads them. */
const sidebar = (page: Page, label: string) => page.getByRole("navigation", { name: label, exact: true }).getByRole("link").allTextContents();

describe("salon staff", () => {
  it("an owner invites a stylist in Czech, who registers from the mailed link and sees only a stylist's screens", async () => {
    const { owner, salonName } = await salonWithStylist();
    const { page } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, owner.email, owner.password);
    await page.goto("/cs/salon-settings?tab=team");
    await page.getByRole("tab", { name: "Tým", selected: true }).waitFor();

    // The dialog keeps focus inside and closes on Escape.
    await page.getByRole("button", { name: "Pozvat člověka" }).click();
    const dialog = page.getByRole("dialog", { name: "Pozvat člověka do týmu" });
    await dialog.waitFor();
    for (let step = 0; step < 12; step++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    const email = newAddress("jana");
    await page.getByRole("button", { name: "Pozvat člověka" }).click();
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByLabel("Jméno").fill("Jana Nováková");
    await dialog.getByRole("radio", { name: /^Stylista/ }).check();
    await dialog.getByLabel("Stylista v kalendáři").selectOption({ label: "Jana Nováková" });
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await screenshot(page, "team-invite-cs-1366", { fullPage: false });
    await dialog.getByRole("button", { name: "Odeslat pozvánku" }).click();
    await page.getByText(`Pozvánka odeslána na ${email}.`).waitFor();
    const pending = page.getByRole("list", { name: "Čekající pozvánky" });
    await pending.getByText(email, { exact: false }).waitFor();
    await settled(page);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "team-tab-cs-1366");
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "team-tab-cs-390");

    // The invited person, on their phone: the mailed link, a password, and the salon opens.
    const invited = await browser.visitor({ viewport: VIEWPORTS.phone });
    const link = await invitationLink(invited.page, email);
    expect(link.startsWith("/cs/invitation/")).toBe(true);
    await invited.page.goto(link);
    await invited.page.getByRole("heading", { name: `Připojte se k salonu ${salonName}` }).waitFor();
    expect(await invited.page.getByLabel("E-mail").inputValue()).toBe(email);
    expect(await accessibilityProblems(invited.page)).toEqual([]);
    await screenshot(invited.page, "team-invitation-cs-390");
    await invited.page.getByLabel("Heslo", { exact: true }).fill("Stylistka-2026!");
    await invited.page.getByRole("button", { name: "Založit účet a připojit se" }).click();
    await invited.page.waitForURL(/\/cs\/dashboard\/calendar$/);
    await invited.page.getByRole("heading", { name: "Kalendář" }).waitFor();
    expect(await sidebar(invited.page, "Přehled")).toEqual(["Kalendář", "Klienti", "Moje pracovní doba"]);
    // The owner's screens are closed to a stylist, also by their address.
    await invited.page.goto("/cs/dashboard/calls");
    await invited.page.getByRole("heading", { name: "Pro vaši roli není k dispozici" }).waitFor();
    await invited.page.goto("/cs/dashboard/my-hours");
    await invited.page.getByRole("group", { name: "Pracovní doba" }).first().waitFor();
    await invited.page.setViewportSize(LAPTOP);
    expect(await accessibilityProblems(invited.page)).toEqual([]);
    await screenshot(invited.page, "team-my-hours-cs-1366");

    // The owner sees the new member in the team, and the invitation gone.
    await page.reload();
    await page.getByRole("list", { name: "Členové" }).getByText("Jana Nováková", { exact: false }).first().waitFor();
    expect(await page.getByText("Žádná pozvánka nečeká na odpověď.").isVisible()).toBe(true);

    // The link works once.
    await invited.page.goto(link);
    await invited.page.getByRole("heading", { name: "Pozvánka už byla použita" }).waitFor();
  });

  it("a person with a salon of their own accepts in German and switches between the two from the account menu", async () => {
    const { owner, salonName } = await salonWithStylist();
    const other = await salonWithStylist();
    const invited = await owner.call("/api/dashboard/team/invitations", { body: { email: other.owner.email, role: "front_desk" } });
    expect(invited.status).toBe(201);

    const { page } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, other.owner.email, other.owner.password);
    const link = (await invitationLink(page, other.owner.email)).replace(/^\/[a-z]{2}\//, "/de/");
    await page.goto(link);
    await page.getByRole("heading", { name: `${salonName} beitreten` }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "team-invitation-de-1366");
    await page.getByRole("button", { name: "Annehmen und Salon öffnen" }).click();
    // The front desk works from the calendar: the dashboard opens there.
    await page.waitForURL(/\/de\/dashboard\/calendar$/);
    // The front desk's screens, without the owner's.
    expect(await sidebar(page, "Dashboard")).toEqual(["Anrufe", "Kalender", "Kundschaft", "Warteliste"]);

    const menu = page.getByRole("button", { name: `Kontomenü für ${other.owner.email}` });
    // On a phone the account's items, the salons among them, are in the full-screen menu.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole("heading", { name: "Kalender", level: 1 }).waitFor();
    await settled(page);
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    const phoneMenu = page.getByRole("dialog", { name: "Menü" });
    await phoneMenu.waitFor();
    await phoneMenu.getByText(`Salon: ${salonName}`).waitFor();
    await phoneMenu.getByRole("button", { name: `Zu ${other.salonName} wechseln` }).scrollIntoViewIfNeeded();
    await settled(page);
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await screenshot(page, "team-account-menu-de-390", { fullPage: false });
    await page.keyboard.press("Escape");
    await phoneMenu.waitFor({ state: "detached" });
    await page.setViewportSize(LAPTOP);
    await menu.click();
    await page.getByText(`Salon: ${salonName}`).waitFor();
    await screenshot(page, "team-account-menu-de-1366", { fullPage: false });
    await page.getByRole("button", { name: `Zu ${other.salonName} wechseln` }).click();
    await page.waitForURL(/\/de\/dashboard\/calendar$/);
    await menu.click();
    await page.getByText(`Salon: ${other.salonName}`).waitFor();
    expect(await page.getByRole("button", { name: `Zu ${salonName} wechseln` }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    // Back in their own salon as its owner: every screen again.
    expect(await sidebar(page, "Dashboard")).toContain("Assistenten");
    // The choice outlasts a reload.
    await page.reload();
    await menu.click();
    await page.getByText(`Salon: ${other.salonName}`).waitFor();
  });

  it("refuses an invitation to a member at the address field, and says when a link was withdrawn or is for someone else", async () => {
    const { owner } = await salonWithStylist();
    const { page } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, owner.email, owner.password);
    await page.goto("/en/salon-settings?tab=team");
    await page.getByRole("button", { name: "Invite someone" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite someone to your team" });
    await dialog.getByLabel("Email").fill(owner.email);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    const field = dialog.getByLabel("Email");
    await dialog.getByText(`${owner.email} is already a member of this salon.`).first().waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // Someone else's link, opened while signed in as the owner.
    const email = newAddress("lenka");
    await owner.call("/api/dashboard/team/invitations", { body: { email, role: "manager" } });
    const link = await invitationLink(page, email);
    await page.goto(link.replace(/^\/[a-z]{2}\//, "/en/"));
    await page.getByText(`This invitation is for ${email}, but you are signed in as ${owner.email}.`, { exact: false }).waitFor();
    expect(await page.getByRole("button", { name: "Log out" }).count()).toBeGreaterThan(0);

    // Withdrawn from the list: the link says so.
    await page.goto("/en/salon-settings?tab=team");
    await page.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
    await page.getByRole("dialog", { name: `Revoke the invitation to ${email}?` }).getByRole("button", { name: "Revoke" }).click();
    await page.getByText(`The invitation to ${email} is revoked.`).waitFor();
    await page.goto(link.replace(/^\/[a-z]{2}\//, "/en/"));
    await page.getByRole("heading", { name: "This invitation was withdrawn" }).waitFor();
  });

  it("shows the demo's stylist the whole calendar, with the others' appointments to read and not to change", async () => {
    const { page } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_TEAM.stylist.email, DEMO_TEAM.stylist.password);
    await page.goto("/en/dashboard");
    await page.waitForURL(/\/en\/dashboard\/calendar$/);
    expect(await sidebar(page, "Dashboard")).toEqual(["Calendar", "Clients", "My hours"]);
    // No checklist of the salon's set-up for a stylist, and no filling of gaps.
    expect(await page.getByRole("button", { name: "Fill gaps" }).count()).toBe(0);
    const others = page.getByRole("button", { name: /, (Petra Svobodová|Tomáš Dvořák)$/ });
    await others.first().waitFor();
    await screenshot(page, "team-stylist-calendar-en-1366", { fullPage: false });
    await others.first().click();
    const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
    await dialog.getByText("This is another stylist's appointment", { exact: false }).waitFor();
    expect(await dialog.getByRole("button", { name: "Delete" }).count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "Update" }).count()).toBe(0);
    expect(await dialog.getByLabel("Client Name").isDisabled()).toBe(true);
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.setViewportSize(VIEWPORTS.phone);
    await settled(page);
    await screenshot(page, "team-stylist-calendar-en-390", { fullPage: false });
  });
});
