import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { accessibilityProblems } from "./axe.ts";
import { fitsWidth, screenshot, toast, useBrowser, VIEWPORTS } from "./browser.ts";
import { t } from "./catalogue.ts";
import { logIn, ownerApi, signedInOwner } from "./owner.ts";

const browser = useBrowser();
const LAPTOP = { width: 1366, height: 900 } as const;

const list = (page: Page, language = "en") => page.locator("main").getByRole("list", { name: t(language, "clients.title"), exact: true });
const clientPage = (page: Page) => page.locator("main article");

/** Types a search and opens the one client it finds. */
async function openClient(page: Page, search: string, name: string) {
  await page.getByRole("searchbox", { name: "Search clients" }).fill(search);
  await list(page).getByRole("button").filter({ hasText: name }).waitFor();
  await expect.poll(() => list(page).getByRole("button").count()).toBe(1);
  await list(page).getByRole("button", { name: new RegExp(name) }).click();
  await clientPage(page).getByRole("heading", { name }).waitFor();
}

describe("the Clients screen", () => {
  it("finds a demo client by part of a number, shows their appointments, keeps an edited note, and has no serious axe findings", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.goto("/en/dashboard");
    await page.locator("nav").getByRole("link", { name: "Clients", exact: true }).click();
    await page.getByRole("heading", { name: "Clients", level: 1 }).waitFor();
    await list(page).getByRole("button").first().waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);

    // The export is fetched with the session's token and saved as a file.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("clients.csv");
    // The browser may be another process's (the shared Chromium): the file is saved here to be read.
    const saved = `test-results/${crypto.randomUUID()}-${file.suggestedFilename()}`;
    await file.saveAs(saved);
    const csv = await readFile(saved, "utf8");
    expect(csv.split("\n")[0]).toMatch(/^\uFEFF?Name,/);
    expect(csv).toContain("Petra Králová");

    // Part of Petra Králová's number, as it is written with spaces, and the search lives in the address.
    await openClient(page, "111 222", "Petra Králová");
    expect(new URL(page.url()).searchParams.get("q")).toBe("111 222");
    const petra = clientPage(page);
    await expect.poll(() => petra.getByText("+420 603 111 222").count()).toBe(1);
    await expect.poll(() => petra.getByText("Citlivá pokožka hlavy: před barvením vždy test snášenlivosti.").count()).toBe(1);
    await petra.locator("dd").filter({ hasText: /^Jana Nováková$/ }).waitFor();
    // The demo books her from three days ago to a week ahead: appointments name the stylist.
    const appointments = petra.getByRole("region", { name: /appointments/ }).getByRole("listitem");
    await expect.poll(() => appointments.count()).toBeGreaterThan(0);
    expect(await appointments.first().textContent()).toMatch(/Jana Nováková|Petra Svobodová|Tomáš Dvořák/);
    expect(await accessibilityProblems(page)).toEqual([]);

    // A reload shows the same search and client.
    await page.reload();
    await clientPage(page).getByRole("heading", { name: "Petra Králová" }).waitFor();
    expect(await page.getByRole("searchbox", { name: "Search clients" }).inputValue()).toBe("111 222");

    for (const [button, title] of [
      ["Merge…", "Merge with another client"],
      ["Delete", "Delete Petra Králová?"],
    ] as const) {
      await clientPage(page).getByRole("button", { name: button, exact: true }).click();
      await page.getByRole("dialog", { name: title }).waitFor();
      expect(await accessibilityProblems(page, "[role=dialog]"), title).toEqual([]);
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("dialog").waitFor({ state: "detached" });
    }

    // Another client's note is edited, and the page and a reload show it.
    await openClient(page, "Kučera", "Ondřej Kučera");
    await clientPage(page).getByRole("button", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit client" });
    await dialog.waitFor();
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    const note = `Prefers the chair by the window (${Date.now()}).`;
    await dialog.getByLabel("Notes").fill(note);
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "Client saved.");
    await clientPage(page).getByText(note).waitFor();
    await page.reload();
    await clientPage(page).getByText(note).waitFor();
    await context.close();
  });

  it("erases a new owner's client: their appointment keeps its time and loses the name and number", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await signedInOwner(page);
    await page.setViewportSize(VIEWPORTS.phone);
    const { get, post } = await ownerApi(page);
    await get("salon");
    const stylist = await post("stylists", { first_name: "Eva", last_name: "Malá" });
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(9, 0, 0, 0);
    const appointment = await post("appointments", {
      customer_name: "Zdena Pokusná",
      customer_phone: "+420 731 555 010",
      stylist: stylist.id,
      start_datetime: start.toISOString(),
      end_datetime: new Date(start.getTime() + 45 * 60_000).toISOString(),
      services: [],
    });

    await page.goto("/en/dashboard/clients");
    await openClient(page, "555 010", "Zdena Pokusná");
    // On a phone the client's page stands alone, with a way back.
    expect(await list(page).isVisible()).toBe(false);
    await clientPage(page).getByRole("region", { name: "Upcoming appointments" }).getByRole("listitem").waitFor();
    await clientPage(page).getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Zdena Pokusná?" });
    await dialog.getByText(t("en", "clients.delete.message")).waitFor();
    await dialog.getByRole("button", { name: "Delete client" }).click();
    await toast(page, "Client deleted.");
    await page.getByRole("searchbox", { name: "Search clients" }).waitFor();
    await page.getByText("No client matches “555 010”.").waitFor();

    const erased = await get<Record<string, unknown>>(`appointments/${appointment.id}`);
    expect(erased).toMatchObject({ customer_name: null, customer_phone: null, start_datetime: start.toISOString() });
    await context.close();
  });

  // What overflows a phone is the longer German and Czech words; a laptop has room for any of them.
  it("is laid out, with its edit dialog, in English on a laptop and in German and Czech on a phone", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    for (const [language, viewport] of [["en", LAPTOP], ["de", VIEWPORTS.phone], ["cs", VIEWPORTS.phone]] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/${language}/dashboard/clients?q=603`);
      await list(page, language).getByRole("button").first().click();
      await clientPage(page).getByRole("heading").first().waitFor();
      await clientPage(page).getByRole("listitem").first().waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `clients-${language}-${viewport.width}`);
      await clientPage(page).getByRole("button", { name: t(language, "common.edit"), exact: true }).click();
      await page.getByRole("dialog", { name: t(language, "clients.edit.title") }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `clients-${language}-${viewport.width}-edit`, { fullPage: false });
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
    }
    await context.close();
  });
});
