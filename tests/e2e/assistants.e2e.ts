import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fitsWidth, screenshot, toast, useBrowser, VIEWPORTS } from "./browser.ts";
import { displayPhone } from "../../contract/phone.ts";
import { signedInOwner } from "./owner.ts";
import { spokenCode, uniqueCzechNumber } from "./twilio-fake.ts";

const browser = useBrowser();

const entry = (page: Page, name: string) => page.getByRole("navigation", { name: "Assistants" }).getByRole("button", { name: new RegExp(name) });

async function createAssistant(page: Page, name: string) {
  await page.getByRole("button", { name: /Create (First )?Assistant/ }).click();
  // Typed only once the new assistant's editor is the one on screen, not the last one's.
  await entry(page, "New Assistant").and(page.locator('[aria-current="true"]')).waitFor();
  await page.getByLabel("Assistant Name").fill(name);
  await page.getByRole("button", { name: "Save changes" }).click();
  await toast(page, "New assistant created successfully!");
  // The toast may still be the last assistant's: the saved entry has lost its Unsaved badge.
  await entry(page, name).and(page.locator('[aria-current="true"]')).filter({ hasNotText: "Unsaved" }).waitFor();
}

describe("assistants and phone numbers", () => {
  it("creates two assistants, edits one, links a number to it and deletes the other", async () => {
    const { page, context } = await browser.visitor();
    await signedInOwner(page);
    await page.goto("/en/dashboard");
    await page.waitForURL(/\/en\/dashboard\/assistant$/);
    await page.getByRole("heading", { name: "No assistants yet" }).waitFor();

    await createAssistant(page, "Front desk");
    await createAssistant(page, "Evenings");

    // Editing: Save changes waits for a change.
    await entry(page, "Front desk").click();
    // The editor shows the chosen assistant before anything is typed into it.
    await entry(page, "Front desk").and(page.locator('[aria-current="true"]')).waitFor();
    await expect.poll(() => page.getByLabel("Assistant Name").inputValue()).toBe("Front desk");
    const save = page.getByRole("button", { name: "Save changes" });
    expect(await save.isDisabled()).toBe(true);
    // The lower-cost model, priced per minute.
    await page.getByLabel("Model").getByRole("option", { name: /^Lower cost: gpt-realtime-2\.1-mini, about €0\.\d{4} a minute$/ }).waitFor({ state: "attached" });
    await page.getByLabel("Model").selectOption("gpt-realtime-2.1-mini");
    await page.getByRole("tab", { name: "Behavior" }).click();
    await page.getByLabel("Initial Greeting").fill("Salon Bella, good morning! How can I help?");
    expect(await save.isEnabled()).toBe(true);
    await page.getByRole("tab", { name: "Voice Detection" }).click();
    await page.getByLabel("Silence Duration (ms)").fill("900");
    await save.click();
    await toast(page, "Assistant updated successfully!");
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(await entry(page, "Front desk").textContent()).not.toContain("Connected");

    // A number ringing it makes it Connected, once a call has proven the number is the salon's.
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Phone Numbers" }).click();
    await page.getByText("No phone numbers found. Add your first number.").waitFor();
    const create = page.getByRole("button", { name: "Create Number" });
    expect(await create.isDisabled()).toBe(true);
    const number = uniqueCzechNumber("77");
    await page.getByLabel("Phone Number", { exact: true }).fill(displayPhone(number));
    await page.getByLabel("Phone Name (optional)").fill("Main line");
    await page.getByLabel("Assistant Configuration").selectOption({ label: "Front desk" });
    await create.click();
    await toast(page, "Phone number created successfully!");
    const row = page.getByRole("list", { name: "Phone numbers" }).getByRole("button", { name: /Main line/ });
    await row.waitFor();
    expect(await row.innerText()).toContain("Front desk");
    expect(await row.innerText()).toContain(displayPhone(number));
    expect(await row.innerText()).toContain("Unverified");
    await page.getByRole("button", { name: "Call me with a code" }).click();
    await page.getByLabel("Six-digit code").fill(await spokenCode(number));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await toast(page, `${displayPhone(number)} now takes calls.`);
    await row.filter({ hasText: "Active" }).waitFor();
    await page.waitForLoadState("networkidle");
    await screenshot(page, "phone-numbers-desktop");

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Assistants" }).click();
    await entry(page, "Front desk").filter({ hasText: "Connected" }).waitFor();
    expect(await entry(page, "Evenings").textContent()).not.toContain("Connected");

    // Deleting the other one asks first and leaves the connected one.
    await entry(page, "Evenings").click();
    await page.getByRole("button", { name: "Delete assistant" }).click();
    const dialog = page.getByRole("dialog", { name: 'Delete assistant "Evenings"?' });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Assistant deleted successfully");
    await entry(page, "Evenings").waitFor({ state: "detached" });

    // All of it is stored: a reload shows the same.
    await page.reload();
    await entry(page, "Front desk").filter({ hasText: "Connected" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Assistants" }).getByRole("listitem").count()).toBe(1);
    await page.getByRole("tab", { name: "Behavior" }).click();
    await expect.poll(() => page.getByLabel("Initial Greeting").inputValue()).toBe("Salon Bella, good morning! How can I help?");

    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.goto("/en/dashboard/assistant");
      await entry(page, "Front desk").waitFor();
      await page.waitForLoadState("networkidle");
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `assistants-${name}`);
      await page.goto("/cs/dashboard/phone-numbers");
      await page.getByRole("list", { name: "Telefonní čísla" }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `phone-numbers-cs-${name}`);
    }
    await context.close();
  });
});
