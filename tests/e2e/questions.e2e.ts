import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sql } from "./database.ts";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { accessibilityProblems } from "./axe.ts";
import { VIEWPORTS, screenshot, useBrowser } from "./browser.ts";
import { logIn, signedInOwner } from "./owner.ts";

const browser = useBrowser();

const LAPTOP = { width: 1366, height: 900 } as const;
const SECTION = "#questions";

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** A question the owner's Prague salon was asked on a call from a Czech mobile yesterday at 14:05, its time. */
async function seedQuestion(email: string) {
  await sql.begin(async (tx) => {
    const [salon] = await tx<{ id: string }[]>`
      update salons set time_zone = 'Europe/Prague' where owner_id = (select id from users where email = ${email}) returning id`;
    const [call] = await tx<{ id: string }[]>`
      insert into calls (salon_id, assistant_name, direction, from_number, to_number, call_started_at, call_duration, call_status)
      values (${salon!.id}, 'Front desk', 'inbound', '+420603111222', '+420228881234',
              (date_trunc('day', now() at time zone 'Europe/Prague') - interval '1 day' + interval '14 hours 5 minutes') at time zone 'Europe/Prague',
              95, 'completed')
      returning id`;
    const [question] = await tx<{ id: string }[]>`
      insert into salon_questions (salon_id, question) values (${salon!.id}, 'Is there parking near the salon?') returning id`;
    await tx`insert into salon_question_calls (salon_id, question_id, call_id, asked)
             values (${salon!.id}, ${question!.id}, ${call!.id}, 'Is there parking near the salon?')`;
  });
}

describe("the questions callers asked", () => {
  it("are answered by a new owner, and the answer joins the FAQ the assistant uses", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    const { email } = await signedInOwner(page);
    // The first dashboard visit makes the salon; it has no questions yet.
    await page.goto("/en/dashboard/assistant");
    const open = region(page, "Unanswered questions");
    await open.getByText(/^No open questions\./).waitFor();
    await region(page, "Your FAQ").getByText(/^No answers yet\./).waitFor();
    expect(await accessibilityProblems(page, SECTION)).toEqual([]);

    await seedQuestion(email);
    await page.reload();
    const asked = open.getByRole("listitem").filter({ hasText: "Is there parking near the salon?" });
    await asked.getByText("Asked once").waitFor();
    await asked.getByText(/last asked .*2:05\s?PM/).waitFor();
    expect(await asked.getByRole("link").getAttribute("href")).toMatch(/^\/en\/dashboard\/calls\?call=[0-9a-f-]{36}$/);
    await asked.getByRole("link").getByText("+420 603 111 222").waitFor();
    expect(await accessibilityProblems(page, SECTION)).toEqual([]);
    await screenshot(page, "questions-open-desktop");

    const answer = asked.getByRole("button", { name: "Answer “Is there parking near the salon?”" });
    await answer.click();
    const dialog = page.getByRole("dialog", { name: "Answer the question" });
    await dialog.waitFor();
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    // Escape closes it and focus comes back to the button.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await answer.evaluate((button) => button === document.activeElement)).toBe(true);

    await answer.click();
    await dialog.getByLabel("Question").fill("Where can I park?");
    await dialog.getByLabel(/^Answer/).fill("In the courtyard behind the salon, entrance from Italská street.");
    // Focus stays inside the dialog however far one tabs.
    for (let n = 0; n < 8; n++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await screenshot(page, "questions-answer-dialog-desktop", { fullPage: false });
    await dialog.getByRole("button", { name: "Save answer" }).click();
    await dialog.waitFor({ state: "detached" });

    const faq = region(page, "Your FAQ");
    await faq.getByText("In the courtyard behind the salon, entrance from Italská street.").waitFor();
    await faq.getByText("Where can I park?").waitFor();
    await open.getByText(/^No open questions\./).waitFor();
    // It is the salon's FAQ after a reload too.
    await page.reload();
    await faq.getByText("Where can I park?").waitFor();
    await faq.getByText("1 of 100 answers").waitFor();
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "questions-answered-phone");
    await context.close();
  });

  it("of the demo salon are shown in Czech, the most asked marked, beside its FAQ", async () => {
    // Signed in on a laptop, where the account menu is in the bar; read on a phone.
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/cs/dashboard/assistant");
    const open = region(page, "Nezodpovězené otázky");
    const repeated = open.getByRole("listitem").filter({ hasText: "Prodáváte i kosmetiku, kterou u vás používáte?" });
    await repeated.getByText("Zazněla 3krát").waitFor();
    expect(await repeated.getByRole("link").count()).toBe(3);
    expect(await open.getByRole("button", { name: /^Odpovědět na „/ }).count()).toBe(4);
    const faq = region(page, "Časté dotazy");
    for (const question of ["Dá se u vás zaparkovat?", "Můžu platit kartou?", "Prodáváte dárkové poukazy?"]) await faq.getByText(question).waitFor();
    expect(await accessibilityProblems(page, SECTION)).toEqual([]);
    await screenshot(page, "questions-demo-phone");
    await page.setViewportSize(LAPTOP);
    await screenshot(page, "questions-demo-desktop");
    await context.close();
  });
});
