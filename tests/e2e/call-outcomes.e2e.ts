import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sql } from "./database.ts";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { accessibilityProblems } from "./axe.ts";
import { fitsWidth, screenshot, useBrowser, VIEWPORTS } from "./browser.ts";
import { logIn, signedInOwner } from "./owner.ts";

const browser = useBrowser();

const LAPTOP = { width: 1366, height: 900 } as const;

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const rows = (page: Page) => region(page, "Call history").getByRole("group").getByRole("button");
/** The demo's booking by Petra Králová, as its summary begins. */
const PETRA_SUMMARY = "Petra Králová si objednala dámský střih u Jany";

describe("calls' outcomes, summaries and follow-ups", () => {
  it("filters the demo salon's calls to Booked, opens a call from a client's page by its address, and shows its summary", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.goto("/en/dashboard/calls");
    const list = region(page, "Call history");
    await rows(page).first().waitFor();

    await page.getByLabel("Show:").selectOption({ label: "Booked" });
    await page.waitForURL(/\?outcome=booked$/);
    // Only bookings: Petra's, Lucie's and Barbora's at least (other tests may add calls, not bookings).
    await expect.poll(async () => (await rows(page).allTextContents()).every((text) => text.includes("Booked"))).toBe(true);
    const booked = await rows(page).allTextContents();
    expect(booked.length).toBeGreaterThanOrEqual(3);
    expect(booked.some((text) => text.includes("+420 603 111 222"))).toBe(true);
    for (const number of ["+420 604 222 333", "+420 725 121 212"]) expect(booked.some((text) => text.includes(number))).toBe(true);
    await region(page, "Call Details").getByRole("heading", { name: "Summary" }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "calls-booked-1366");

    // Petra's page lists her call; it opens on the Calls screen by its address.
    await page.goto("/en/dashboard/clients");
    await page.getByRole("searchbox", { name: "Search clients" }).fill("603 111 222");
    await page.locator("main").getByRole("button", { name: /Petra Králová/ }).click();
    const calls = page.locator("main article").getByRole("region", { name: "Calls", exact: true });
    const link = calls.getByRole("listitem").first().getByRole("link");
    await link.getByText("Booked").waitFor();
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/en\/dashboard\/calls\?call=[0-9a-f-]{36}$/);
    await link.click();
    await page.waitForURL((url) => url.pathname + url.search === href);
    const details = region(page, "Call Details");
    await details.getByText(new RegExp(`^${PETRA_SUMMARY}`)).waitFor();
    await details.getByRole("heading", { name: "Summary" }).waitFor();
    await details.getByText("+420 603 111 222").waitFor();
    expect(await list.locator('[aria-current="true"]').textContent()).toContain("+420 603 111 222");
    await region(page, "Conversation").getByText("Four o'clock with Jana would be perfect.").waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "calls-linked-call-1366");

    // Beside the list, going to another call keeps the page where it is and names the call in the address.
    await page.evaluate(() => window.scrollTo(0, 200));
    await list.getByRole("button", { name: /\+420 604 222 333/ }).click();
    await details.getByText(/^Lucie Černá chtěla balayage/).waitFor();
    expect(new URL(page.url()).searchParams.get("call")).not.toBe(href!.split("=")[1]);
    expect(await page.evaluate(() => window.scrollY)).toBe(200);

    // The calls to get back to: the complaint handed over, with its reason first in the details.
    await page.getByLabel("Show:").selectOption({ label: "Needs follow-up" });
    await page.waitForURL(/\?follow_up=1$/);
    await list.getByRole("button", { name: /\+420 606 444 555.*Needs follow-up|Needs follow-up.*\+420 606 444 555/ }).waitFor();
    await details.getByText("Get back to this caller").waitFor();
    await details.getByText(/^Nespokojenost s barvením\./).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "calls-follow-up-1366");
    await context.close();
  });

  it("on a phone, a linked call stands alone with a way back; the filter and the follow-up read in Czech", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.setViewportSize(VIEWPORTS.phone);
    const [petra] = await sql<{ id: string }[]>`
      select c.id from calls c join salons s on s.id = c.salon_id join users u on u.id = s.owner_id
      where u.email = ${DEMO_LOGIN.email} and c.from_number = '+420603111222' and c.summary_state = 'done' order by c.call_started_at desc limit 1`;
    await page.goto(`/en/dashboard/calls?call=${petra!.id}`);
    const details = region(page, "Call Details");
    await details.getByText(new RegExp(`^${PETRA_SUMMARY}`)).waitFor();
    expect(await region(page, "Call history").isVisible()).toBe(false);
    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "calls-linked-call-390", { fullPage: false });

    await details.getByRole("button", { name: "Back to calls" }).click();
    await page.waitForURL((url) => url.search === "");
    await region(page, "Call history").waitFor();
    await screenshot(page, "calls-list-390", { fullPage: false });
    // A call chosen on a phone takes the list's place; Back brings the list again.
    await rows(page).filter({ hasText: "+420 606 444 555" }).click();
    await details.getByText("Get back to this caller").waitFor();
    expect(await region(page, "Call history").isVisible()).toBe(false);
    await page.goBack();
    await page.waitForURL((url) => url.search === "");
    await region(page, "Call history").waitFor();

    await page.goto("/cs/dashboard/calls?follow_up=1");
    expect(await page.getByLabel("Zobrazit:").inputValue()).toBe("follow_up");
    const czech = region(page, "Podrobnosti hovoru");
    await czech.getByText("Ozvěte se volajícímu").waitFor();
    await czech.getByRole("heading", { name: "Shrnutí" }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "calls-follow-up-cs-390");
    await context.close();
  });

  it("says a filter with no calls, and waits for a summary being written until it is there", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    const { email } = await signedInOwner(page);
    await page.goto("/en/dashboard/calls?outcome=booked");
    await page.getByText("No calls with the outcome “Booked”.").waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "calls-empty-filter-1366");

    // A call that ended a minute ago, its summary not yet written.
    const [call] = await sql<{ id: string }[]>`
      insert into calls (salon_id, direction, from_number, to_number, assistant_name, call_started_at, call_ended_at, call_duration, call_status, model_cost, eur_per_usd, outcome)
      select s.id, 'inbound', '+420608666777', '+420228881234', 'Front desk', now() - interval '3 minutes', now() - interval '1 minute', 120, 'completed', 0.02, 0.86, 'booked'
      from salons s join users u on u.id = s.owner_id where u.email = ${email}
      returning id`;
    // Recorded already ended, it would have nothing to summarise; this one waits for its summary,
    // claimed for an hour so the summary cron leaves it (it would find no conversation and skip it).
    await sql`update calls set summary_state = 'pending', summary_due_at = now() + interval '1 hour' where id = ${call!.id}`;
    await page.getByRole("button", { name: "Show all calls" }).click();
    await page.waitForURL((url) => url.search === "");
    const details = region(page, "Call Details");
    await details.getByRole("status").getByText("The summary is being written…").waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "calls-summary-pending-1366");

    await sql`update calls set summary = 'Jakub booked a men''s haircut for Friday at 10.', follow_up = true,
                follow_up_reason = 'Asked to be told if an earlier time frees up.', summary_state = 'done' where id = ${call!.id}`;
    // The page asks again every 5 seconds.
    await details.getByText("Jakub booked a men's haircut for Friday at 10.").waitFor({ timeout: 30_000 });
    await details.getByText("Asked to be told if an earlier time frees up.").waitFor();
    expect(await details.getByText("The summary is being written…").count()).toBe(0);
    // The list learns of the follow-up too.
    await region(page, "Call history").getByRole("button", { name: /Needs follow-up/ }).waitFor();
    await context.close();
  });
});
