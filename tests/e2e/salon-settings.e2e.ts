import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fitsWidth, screenshot, toast, useBrowser, VIEWPORTS } from "./browser.ts";
import { signedInOwner } from "./owner.ts";

const browser = useBrowser();

async function addStylist(page: Page, first: string, last: string, dayOff?: string) {
  await page.getByRole("button", { name: "Add Stylist" }).click();
  await page.getByLabel("First Name").fill(first);
  await page.getByLabel("Last Name").fill(last);
  if (dayOff) await page.getByRole("group", { name: dayOff }).getByLabel("Working").uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await toast(page, "Stylist added successfully");
}

async function addService(page: Page, name: string, duration: string, price: string) {
  await page.getByRole("button", { name: "Add Service" }).click();
  await page.getByLabel("Service Name").fill(name);
  await page.getByLabel("Duration (minutes)").fill(duration);
  await page.getByLabel("Price", { exact: true }).fill(price);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await toast(page, "Service added successfully");
}

async function confirmDelete(page: Page, row: Locator) {
  await row.click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
}

describe("salon settings", () => {
  it("fills in the salon, its stylists and services, edits and deletes, and keeps it all after a reload", async () => {
    const { page, context } = await browser.visitor();
    await signedInOwner(page);
    await page.goto("/en");
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("link", { name: "Salon Settings" }).click();
    await page.waitForURL(/\/en\/salon-settings$/);

    // Salon Information
    await page.getByLabel("Salon Name").fill("Studio Nova");
    await page.getByLabel("City").fill("Brno");
    await page.getByRole("textbox", { name: "Human Representative Number" }).fill("+420 777 111 222");
    await page.getByRole("group", { name: "Saturday" }).getByLabel("Closed").check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Salon settings saved successfully");

    // Stylists: two, one with Monday off; edit one, delete the other.
    await page.getByRole("tab", { name: "Stylists" }).click();
    await page.waitForURL(/tab=stylists/);
    await page.getByText('No stylists found. Click "Add Stylist" to create one.').waitFor();
    await addStylist(page, "Eva", "Malá");
    await addStylist(page, "Karel", "Velký", "Monday");
    await page.getByRole("button", { name: "Edit Karel Velký" }).click();
    expect(await page.getByRole("group", { name: "Monday" }).getByLabel("Working").isChecked()).toBe(false);
    await page.getByLabel("Last Name").fill("Veliký");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Stylist updated successfully");
    await confirmDelete(page, page.getByRole("button", { name: "Delete Eva Malá" }));
    await toast(page, "Stylist deleted successfully");

    // Services: three; edit one, delete one.
    await page.getByRole("tab", { name: "Services" }).click();
    await addService(page, "Haircut", "45", "30");
    await addService(page, "Colouring", "90", "75.5");
    await addService(page, "Beard trim", "15", "12");
    await page.getByRole("button", { name: "Edit Haircut" }).click();
    await page.getByLabel("Price", { exact: true }).fill("32");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Service updated successfully");
    await confirmDelete(page, page.getByRole("button", { name: "Delete Beard trim" }));
    await toast(page, "Service deleted successfully");

    await page.reload();
    const services = page.getByRole("tabpanel");
    await services.getByText("Colouring").waitFor();
    // Prices take their currency sign once the salon, loaded beside the services, says which.
    await services.getByText("€32.00").waitFor();
    const text = await services.innerText();
    expect(text).toContain("Haircut");
    expect(text).toContain("€32.00");
    expect(text).toContain("€75.50");
    expect(text).not.toContain("Beard trim");

    await page.getByRole("tab", { name: "Stylists" }).click();
    await page.getByText("Karel Veliký").waitFor();
    expect(await page.getByText("Eva Malá").count()).toBe(0);
    await page.getByRole("tab", { name: "Salon Information" }).click();
    expect(await page.getByLabel("Salon Name").inputValue()).toBe("Studio Nova");
    expect(await page.getByRole("group", { name: "Saturday" }).getByLabel("Closed").isChecked()).toBe(true);

    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      for (const tab of ["salon", "stylists", "services"]) {
        await page.goto(`/en/salon-settings?tab=${tab}`);
        await page.getByRole("tabpanel").waitFor();
        await page.waitForLoadState("networkidle");
        expect(await fitsWidth(page)).toBe(true);
        await screenshot(page, `salon-settings-${tab}-${name}`);
      }
    }
    await context.close();
  });

  it("sends a signed-out visitor to log in first", async () => {
    const { page, context } = await browser.visitor();
    await page.goto("/en/salon-settings");
    await page.getByRole("dialog", { name: "Log In" }).waitFor();
    await context.close();
  });
});
