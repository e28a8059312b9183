import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sql } from "./database.ts";
import { DEFAULT_INSTRUCTIONS } from "../../contract/assistant-instructions.ts";
import { DEFAULT_VAD_SETTINGS } from "../../contract/assistants.ts";
import { seedCalls } from "../../scripts/lib/demo-calls.ts";
import { fitsWidth, screenshot, useBrowser, VIEWPORTS } from "./browser.ts";
import { signedInOwner } from "./owner.ts";

const browser = useBrowser();

/** Older calls, 8 to 28 days back, so the history runs to three pages and all of it is within the last 30 days. */
const OLDER_CALLS = 100;
const DEMO_CALLS = 15;

/**
 * A signed-in owner whose Prague salon has an assistant and a recorded history: the demo
 * salon's week of calls (an interrupted answer, a failed booking, a missed call, callers in
 * Czech and German, test calls in the browser, one of them with a deleted assistant) and 100
 * older calls.
 */
async function ownerWithCalls(page: Page) {
  const { email } = await signedInOwner(page);
  // The first dashboard visit makes the salon.
  await page.goto("/en/dashboard/calls");
  await page.getByText("No calls found. Calls will appear here when you receive or make them.").waitFor();
  await sql.begin(async (tx) => {
    const [salon] = await tx<{ id: string }[]>`
      update salons set time_zone = 'Europe/Prague', name = 'Salon Bella'
      where owner_id = (select id from users where email = ${email}) returning id`;
    await tx`insert into assistant_configs (salon_id, name, voice_name, system_prompt, initial_greeting, vad_settings)
             values (${salon!.id}, 'Bella front desk', 'coral', ${DEFAULT_INSTRUCTIONS.en}, 'Hello! How can I help you today?',
                     ${JSON.stringify(DEFAULT_VAD_SETTINGS)}::text::jsonb)`;
    await seedCalls(tx, email);
    await tx`
      insert into calls (salon_id, assistant_name, direction, from_number, to_number, call_started_at, call_duration, call_status,
                         caller_city, caller_country, model_cost, telephony_cost, eur_per_usd)
      select ${salon!.id}, 'Bella front desk', 'inbound', '+420777' || lpad(n::text, 6, '0'), '+420228881234',
             now() - interval '8 days' - n * interval '4 hours 48 minutes', 60 + n, 'completed', 'Praha', 'CZ', 0.02, 0.0085, 0.86
      from generate_series(1, ${OLDER_CALLS}) n`;
  });
  await page.reload();
  return email;
}

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const row = (page: Page, text: string) => region(page, "Call history").getByRole("button", { name: new RegExp(text) });

describe("the Calls screen", () => {
  it("pages the history, shows a call's details, conversation and instructions, and switches the period", async () => {
    const { page } = await browser.visitor({ viewport: VIEWPORTS.desktop });
    await ownerWithCalls(page);

    // The newest call is chosen on arrival.
    const list = region(page, "Call history");
    await list.getByText(`${OLDER_CALLS + DEMO_CALLS} calls`).waitFor();
    const details = region(page, "Call Details");
    await details.getByText("Inbound call").waitFor();
    await details.getByText("+420 603 111 222").waitFor();
    expect(await list.locator('[aria-current="true"]').textContent()).toContain("+420 603 111 222");
    const conversation = region(page, "Conversation");
    await conversation.getByText("Four o'clock with Jana would be perfect.").waitFor();
    await details.getByText("Total cost").waitFor();
    // Costs in euros, with what the providers billed in dollars; the caller's language and the model.
    await details.getByText(/^€0\.\d{4}$/).waitFor();
    await details.getByText(/^Billed \$0\.\d{4} at €0\.86 per US dollar$/).waitFor();
    await details.getByText("English").waitFor();
    await details.getByText("gpt-realtime-2.1", { exact: true }).waitFor();
    await list.getByText("Unknown assistant").waitFor();
    await screenshot(page, "calls-desktop");

    // Pagination: three pages of 50.
    const pager = page.getByRole("navigation", { name: "Pages of calls" });
    expect(await pager.getByRole("button", { name: /^Page \d+$/ }).allTextContents()).toEqual(["1", "2", "3"]);
    expect(await pager.getByRole("button", { name: "First page" }).isDisabled()).toBe(true);
    await pager.getByRole("button", { name: "Page 2" }).click();
    await pager.getByRole("button", { name: "Page 2" }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.waitForURL(/page=2/);
    await expect.poll(() => list.getByRole("group").getByRole("button").count()).toBe(50);
    await pager.getByRole("button", { name: "Last page" }).click();
    await expect.poll(() => list.getByRole("group").getByRole("button").count()).toBe(OLDER_CALLS + DEMO_CALLS - 100);
    // The first call of the page is chosen: the oldest calls, from Prague, with no conversation recorded.
    await conversation.getByText("No conversation recorded for this call.").waitFor();
    expect(await pager.getByRole("button", { name: "Next page" }).isDisabled()).toBe(true);
    await pager.getByRole("button", { name: "Previous page" }).click();
    await page.waitForURL(/page=2/);
    await pager.getByRole("button", { name: "First page" }).click();
    await page.waitForURL(/page=1/);

    // A caller who spoke over the assistant.
    await row(page, "Browser").first().click();
    await conversation.getByText("(Message was interrupted)").waitFor();
    await details.getByText("Browser").waitFor();

    // A booking that failed once: its card opens to the arguments and the error.
    await row(page, "\\+420 604 222 333").click();
    await details.getByText("Brno, Czechia").waitFor();
    const failed = conversation.locator('[data-status="failed"]');
    const toggle = failed.getByRole("button", { name: /book_appointment/ });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await failed.getByText("That time was just taken. Offer the caller another time (use find_free_slots).").waitFor();
    await failed.getByText('"customer_name": "Lucie Černá"').waitFor();
    expect(await conversation.locator('[data-status="successful"]').count()).toBeGreaterThanOrEqual(3);
    await failed.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "calls-failed-function-desktop");

    // The instructions the assistant had in that call; Escape closes and focus comes back.
    const open = details.getByRole("button", { name: "Assistant Instructions" });
    await open.click();
    const modal = page.getByRole("dialog", { name: "Assistant Instructions" });
    await modal.getByText(/You are the phone receptionist of Salon Bella, a hair salon/).waitFor();
    await modal.getByText(/Number for transfers to a person/).waitFor();
    await screenshot(page, "calls-instructions-desktop", { fullPage: false });
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);

    // A caller who spoke Czech.
    await row(page, "\\+420 731 555 010").click();
    await details.getByText("Czech", { exact: true }).waitFor();

    // Choosing another call closes the cards; a missed call had no instructions.
    await row(page, "\\+420 777 456 789").click();
    await details.getByText("Missed call").waitFor();
    await details.getByText("No answer").waitFor();
    expect(await details.getByText("Total cost").count()).toBe(0);
    await open.click();
    await page.getByRole("dialog", { name: "Assistant Instructions" }).getByText("No system prompt available").waitFor();
    await page.keyboard.press("Escape");

    // The period: all 115 calls are in the last 30 days, drawn per day.
    const stats = region(page, "Call statistics");
    await page.getByLabel("Stats for:").selectOption("last_30_days");
    await page.waitForURL(/period=last_30_days/);
    await stats.getByText(String(OLDER_CALLS + DEMO_CALLS), { exact: true }).waitFor();
    const chart = stats.getByRole("img", { name: /^Calls per day from .+: 115 calls in all/ });
    await chart.waitFor();
    await screenshot(page, "calls-last-30-days-desktop");
    await page.getByLabel("Stats for:").selectOption("this_week");
    await stats.getByText("Avg Cost / Call").waitFor();
    await page.getByLabel("Stats for:").selectOption("today");
    await expect.poll(() => stats.getByRole("img").count()).toBe(0);
  });

  it("fits a phone: the history, then the chosen call's details and conversation", async () => {
    const { page } = await browser.visitor();
    await ownerWithCalls(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/en/dashboard/calls?period=this_week");
    const conversation = region(page, "Conversation");
    await conversation.getByText("Four o'clock with Jana would be perfect.").waitFor();
    await region(page, "Call statistics").getByRole("img", { name: /^Calls per day/ }).waitFor();
    // Nothing is wider than the screen.
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "calls-phone");
    await screenshot(page, "calls-phone-top", { fullPage: false });
    await row(page, "\\+420 604 222 333").click();
    await conversation.locator('[data-status="failed"]').getByRole("button").click();
    await conversation.locator('[data-status="failed"]').scrollIntoViewIfNeeded();
    await screenshot(page, "calls-conversation-phone", { fullPage: false });

    // The same screen in German and Czech.
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto("/de/dashboard/calls?period=this_month");
    await region(page, "Anrufdetails").getByText("Eingehender Anruf").waitFor();
    await region(page, "Anrufstatistik").getByRole("img", { name: /^Anrufe pro Tag/ }).waitFor();
    await screenshot(page, "calls-de-desktop");
    await page.goto("/cs/dashboard/calls?period=last_30_days");
    await region(page, "Historie hovorů").getByText("115 hovorů").waitFor();
    await region(page, "Podrobnosti hovoru").getByText(/^0,\d{4}\s€$/).waitFor();
    await region(page, "Podrobnosti hovoru").getByText("angličtina").waitFor();
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "calls-cs-phone", { fullPage: false });
  });
});
