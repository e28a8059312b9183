import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sql } from "./database.ts";
import { displayPhone } from "../../contract/phone.ts";
import { accessibilityProblems } from "./axe.ts";
import { screenshot, toast, useBrowser, VIEWPORTS } from "./browser.ts";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { logIn, signedInOwner } from "./owner.ts";
import { spokenCode, uniqueCzechNumber } from "./twilio-fake.ts";

const browser = useBrowser();

const card = (page: Page, name = "Getting started") => page.getByRole("region", { name });
const progress = (page: Page, text: string) => card(page).getByText(text).waitFor();

/** Follows an open step's link from the dashboard and waits for its screen. */
async function openStep(page: Page, step: string, url: RegExp) {
  await page.goto("/en/dashboard/calls");
  await card(page).getByRole("link", { name: new RegExp(`^${step}`) }).click();
  await page.waitForURL(url);
}

describe("getting started", () => {
  it("leads a new owner from 0 of 5 through each screen until the checklist is gone", async () => {
    const { page } = await browser.visitor({ viewport: { width: 1366, height: 900 } });
    const { email } = await signedInOwner(page);
    await page.goto("/en/dashboard/assistant");
    await progress(page, "0 of 5 done");
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "getting-started-desktop");

    await openStep(page, "Salon details and hours", /\/en\/salon-settings\?tab=salon$/);
    await page.getByLabel("Street Address").fill("Vinohradská 12");
    await page.getByLabel("City").fill("Praha");
    await page.getByLabel("Phone", { exact: true }).fill("+420 222 333 444");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Salon settings saved successfully");

    await openStep(page, "Stylists and services", /tab=stylists$/);
    await page.getByRole("button", { name: "Add Stylist" }).click();
    await page.getByLabel("First Name").fill("Jana");
    await page.getByLabel("Last Name").fill("Nová");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Stylist added successfully");
    await page.goto("/en/dashboard/calls");
    await progress(page, "1 of 5 done");
    // The stylist is there; the step now asks for what is missing, and leads to it.
    await card(page).getByRole("link", { name: /now add at least one service/ }).click();
    await page.waitForURL(/tab=services$/);
    await page.getByRole("button", { name: "Add Service" }).click();
    await page.getByLabel("Service Name").fill("Haircut");
    await page.getByLabel("Duration (minutes)").fill("45");
    await page.getByLabel("Price", { exact: true }).fill("30");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Service added successfully");

    await openStep(page, "Your assistant", /\/en\/dashboard\/assistant$/);
    await progress(page, "2 of 5 done");
    await page.getByRole("button", { name: /Create (First )?Assistant/ }).click();
    await page.getByLabel("Assistant Name").fill("Front desk");
    await page.getByRole("button", { name: "Save changes" }).click();
    await toast(page, "New assistant created successfully!");
    // Saved on the screen below the checklist, ticked without leaving it.
    await progress(page, "3 of 5 done");
    await screenshot(page, "getting-started-1366-partly", { fullPage: false });

    await openStep(page, "A phone number for the assistant", /\/en\/dashboard\/phone-numbers$/);
    const number = uniqueCzechNumber("77");
    await page.getByLabel("Phone Number", { exact: true }).fill(displayPhone(number));
    await page.getByLabel("Assistant Configuration").selectOption({ label: "Front desk" });
    await page.getByRole("button", { name: "Create Number" }).click();
    await toast(page, "Phone number created successfully!");
    // Linked but not yet taking calls: not done.
    await progress(page, "3 of 5 done");
    await page.getByRole("button", { name: "Call me with a code" }).click();
    await page.getByLabel("Six-digit code").fill(await spokenCode(number));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await progress(page, "4 of 5 done");

    await openStep(page, "A test call", /\/en\/dashboard\/assistant$/);
    await sql`insert into calls (salon_id, direction, from_number)
              select s.id, 'inbound', 'browser' from salons s join users u on u.id = s.owner_id where u.email = ${email}`;
    await page.goto("/en/dashboard/calls");
    await page.getByRole("navigation", { name: "Dashboard" }).waitFor();
    await expect.poll(() => card(page).count()).toBe(0);
  });

  it("speaks the page's language, folds to one line on a phone and stays folded", async () => {
    const { page } = await browser.visitor();
    await signedInOwner(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/de/dashboard/assistant");
    await card(page, "Erste Schritte").getByText("0 von 5 erledigt").waitFor();
    await screenshot(page, "getting-started-390");
    expect(await accessibilityProblems(page)).toEqual([]);
    await card(page, "Erste Schritte").getByRole("button", { name: "Schritte ausblenden" }).click();
    await page.goto("/cs/dashboard/calls");
    const folded = card(page, "Začínáme");
    await folded.getByRole("button", { name: "Zobrazit kroky" }).waitFor();
    expect(await folded.getByRole("link").count()).toBe(0);
    await screenshot(page, "getting-started-390-folded", { fullPage: false });
  });

  it("is not shown to the demo salon, which has done every step", async () => {
    const { page } = await browser.visitor();
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/dashboard/setup-progress") && response.ok());
    await page.goto("/en/dashboard/assistant");
    await answered;
    await page.getByRole("button", { name: /Bella front desk/ }).first().waitFor();
    expect(await card(page).count()).toBe(0);
  });
});
