import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityProblems } from "./axe.ts";
import { baseUrl, fitsWidth, screenshot, useBrowser, VIEWPORTS } from "./browser.ts";
import { calendarFeedPath } from "../../contract/calendar-feeds.ts";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { signedInOwner } from "./call-api.ts";
import { sql } from "./database.ts";
import { logIn } from "./owner.ts";

const browser = useBrowser();
const LAPTOP = { width: 1366, height: 900 } as const;

/** A salon with one stylist, its owner signed in through the API. */
async function salon() {
  const owner = await signedInOwner();
  await owner.call("/api/dashboard/salon", { method: "PUT", body: { name: `Salon Bella ${crypto.randomUUID().slice(0, 6)}` } });
  await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nováková" } });
  return owner;
}

/** What a calendar app gets from an address: its status and content type. */
async function subscribe(url: string) {
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, type: response.headers.get("content-type") };
}

const feedUrl = async (page: Page, row: number) => (await page.getByTestId("calendar-feed-url").nth(row).textContent()) ?? "";

describe("the Calendar sync tab", () => {
  it("creates the salon's link, copies it and revokes it, in English on a laptop", async () => {
    const owner = await salon();
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    await logIn(page, owner.email, owner.password);
    await page.goto("/en/salon-settings?tab=integrations");

    await page.getByRole("button", { name: "Create link: Whole salon (all stylists)" }).click();
    await page.getByRole("status").filter({ hasText: "Calendar link created: Whole salon (all stylists)" }).first().waitFor();
    const url = await feedUrl(page, 0);
    expect(url).toMatch(new RegExp(`^${baseUrl()}/api/calendar-feeds/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await subscribe(url)).toEqual({ status: 200, type: "text/calendar; charset=utf-8" });
    // Jana has none yet.
    await page.getByRole("button", { name: "Create link: Jana Nováková" }).waitFor();

    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "calendar-sync-en-1366");
    await page.getByRole("button", { name: "Copy: Whole salon (all stylists)" }).click();
    await page.getByText("Copied", { exact: true }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // Escape closes the question and leaves the link working; confirming revokes it.
    await page.getByRole("button", { name: "Revoke: Whole salon (all stylists)" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke the link for Whole salon (all stylists)?" });
    await dialog.waitFor();
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await screenshot(page, "calendar-sync-revoke-en-1366", { fullPage: false });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect((await subscribe(url)).status).toBe(200);
    await page.getByRole("button", { name: "Revoke: Whole salon (all stylists)" }).click();
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("status").filter({ hasText: "Calendar link revoked: Whole salon (all stylists)" }).first().waitFor();
    await page.getByRole("button", { name: "Create link: Whole salon (all stylists)" }).waitFor();
    expect((await subscribe(url)).status).toBe(404);
    await context.close();
  });

  it("gives a stylist a link and replaces it, in Czech on a phone", async () => {
    const owner = await salon();
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    // The account menu that tells sign-in is done sits behind the phone's menu button.
    await logIn(page, owner.email, owner.password);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/cs/salon-settings?tab=integrations");

    await page.getByRole("button", { name: "Vytvořit odkaz: Jana Nováková" }).click();
    await page.getByRole("status").filter({ hasText: "Odkaz na kalendář je vytvořený: Jana Nováková" }).first().waitFor();
    const first = await feedUrl(page, 0);
    expect((await subscribe(first)).status).toBe(200);

    await page.getByRole("button", { name: "Nový odkaz: Jana Nováková" }).click();
    const dialog = page.getByRole("dialog", { name: "Nahradit odkaz (Jana Nováková) novým?" });
    await dialog.getByRole("button", { name: "Nový odkaz" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => feedUrl(page, 0)).not.toBe(first);
    const second = await feedUrl(page, 0);
    expect((await subscribe(first)).status).toBe(404);
    expect((await subscribe(second)).status).toBe(200);

    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "calendar-sync-cs-390");
    await context.close();
  });

  it("are seeded for the demo salon: the whole salon's and one stylist's, each serving its appointments", async () => {
    const feeds = await sql<{ token: string; stylist: string | null }[]>`
      select f.token, (select st.first_name from stylists st where st.id = f.stylist_id) as stylist
      from calendar_feeds f join salons s on s.id = f.salon_id join users u on u.id = s.owner_id
      where u.email = ${DEMO_LOGIN.email} order by f.stylist_id nulls first`;
    expect(feeds.map((feed) => feed.stylist === null)).toEqual([true, false]);
    for (const feed of feeds) {
      const response = await fetch(`${baseUrl()}${calendarFeedPath(feed.token)}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("BEGIN:VEVENT");
    }

    // The owner sees both links, in German.
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.goto("/de/salon-settings?tab=integrations");
    await page.getByRole("button", { name: "Widerrufen: Ganzer Salon (alle Teammitglieder)" }).waitFor();
    expect(await page.getByTestId("calendar-feed-url").allTextContents()).toEqual(feeds.map((feed) => `${baseUrl()}${calendarFeedPath(feed.token)}`));
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "calendar-sync-demo-de-1366");
    await context.close();
  });
});
