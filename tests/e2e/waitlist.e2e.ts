import { describe, expect, it } from "vitest";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { accessibilityProblems } from "./axe.ts";
import { fitsWidth, screenshot, toast, useBrowser, VIEWPORTS } from "./browser.ts";
import { signedInOwner as ownerByApi } from "./call-api.ts";
import { sql } from "./database.ts";
import { t } from "./catalogue.ts";
import { logIn } from "./owner.ts";

const browser = useBrowser();
const LAPTOP = { width: 1366, height: 900 } as const;
const cs = (id: string) => t("cs", id);

/** A Czech salon with a stylist and two services, its owner signed in through the API. */
async function czechSalon() {
  const owner = await ownerByApi();
  await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nováková" } });
  for (const [name, duration] of [["Střih", 45], ["Barvení", 90]] as const) {
    await owner.call("/api/dashboard/services", { body: { name, duration, price: 600 } });
  }
  const [salon] = await sql<{ id: string; stylist_id: string }[]>`
    update salons s set country = 'Czech Republic' from users u
    where u.id = s.owner_id and u.email = ${owner.email}
    returning s.id, (select id from stylists where salon_id = s.id) as stylist_id`;
  return { ...owner, salonId: salon!.id, stylistId: salon!.stylist_id };
}

describe("the Waitlist screen", () => {
  it("lets an owner add a client in Czech on a phone, edit the wish, and read the offers made", async () => {
    const owner = await czechSalon();
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, owner.email, owner.password);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/cs/dashboard/waitlist");
    await page.getByRole("heading", { name: cs("waitlist.screen.title"), level: 1 }).waitFor();
    await page.getByText(cs("waitlist.screen.explain")).waitFor();
    expect(await page.title()).toContain(cs("dashboard.nav.waitlist"));
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole("button", { name: cs("waitlist.screen.add.button") }).click();
    const add = page.getByRole("dialog", { name: cs("waitlist.screen.add.title") });
    await add.getByLabel(cs("waitlist.screen.field.name")).fill("Lucie Malá");
    await add.getByLabel(cs("waitlist.screen.field.phone")).fill("777 123 456");
    await add.getByRole("checkbox", { name: "Střih" }).check();
    await add.getByLabel(cs("waitlist.screen.field.stylist")).selectOption({ label: "Jana Nováková" });
    // Every day the salon opens is chosen at first; Sunday is taken off.
    const sunday = add.getByRole("button", { name: "neděle" });
    expect(await sunday.getAttribute("aria-pressed")).toBe("true");
    await sunday.click();
    expect(await sunday.getAttribute("aria-pressed")).toBe("false");
    await add.getByLabel(cs("waitlist.screen.field.note")).fill("Nejraději dopoledne");
    expect(await accessibilityProblems(page, "[role=dialog]")).toEqual([]);
    await screenshot(page, "waitlist-add-cs-390", { fullPage: false });
    await add.getByRole("button", { name: cs("waitlist.screen.add.submit") }).click();
    await toast(page, cs("waitlist.screen.add.saved"));
    await add.waitFor({ state: "detached" });

    const waiting = page.getByRole("list", { name: "Čekající klienti" });
    const lucie = waiting.getByRole("listitem", { name: "Lucie Malá" });
    await lucie.waitFor();
    for (const text of ["+420 777 123 456", "Jana Nováková", "Střih (45 min)", "Nejraději dopoledne"]) await lucie.getByText(text, { exact: true }).waitFor();
    await lucie.getByText(/^po–so, /).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);

    await lucie.getByRole("button", { name: "Upravit záznam: Lucie Malá" }).click();
    const edit = page.getByRole("dialog", { name: cs("waitlist.screen.edit.title") });
    expect(await edit.getByRole("checkbox", { name: "Střih" }).isChecked()).toBe(true);
    await edit.getByRole("checkbox", { name: "Barvení" }).check();
    await edit.getByLabel(cs("waitlist.screen.field.stylist")).selectOption({ label: cs("waitlist.screen.anyone") });
    await edit.getByRole("button", { name: t("cs", "common.save") }).click();
    await toast(page, cs("waitlist.screen.edit.saved"));
    await lucie.getByText("Střih, Barvení (135 min)", { exact: true }).waitFor();
    await lucie.getByText(cs("waitlist.screen.anyone"), { exact: true }).waitFor();
    await screenshot(page, "waitlist-waiting-cs-390");

    // The engine's record of a cancelled hour offered to her by SMS and to another client by a call.
    const [entry] = await sql<{ id: string; client_id: string }[]>`select id, client_id from client_waitlist where salon_id = ${owner.salonId}`;
    const [slot] = await sql<{ id: string }[]>`
      insert into outreach_slots (salon_id, stylist_id, start_at, end_at, trigger, status, closed_at)
      values (${owner.salonId}, ${owner.stylistId}, '2027-03-04T13:00:00Z', '2027-03-04T14:00:00Z', 'cancelled', 'exhausted', now()) returning id`;
    await sql`
      insert into outreach_attempts (salon_id, slot_id, entry_id, client_id, name, phone, language, channel, start_at, end_at, status, expires_at, created_at)
      values (${owner.salonId}, ${slot!.id}, ${entry!.id}, ${entry!.client_id}, 'Lucie Malá', '+420777123456', 'cs', 'sms',
          '2027-03-04T13:00:00Z', '2027-03-04T14:00:00Z', 'expired', now(), now() - interval '40 minutes'),
        (${owner.salonId}, ${slot!.id}, null, null, 'Ota Beneš', '+420603999111', 'cs', 'call',
          '2027-03-04T13:00:00Z', '2027-03-04T14:00:00Z', 'voicemail', now(), now() - interval '5 minutes')`;

    await page.getByRole("tab", { name: cs("waitlist.screen.tab.offers") }).click();
    const offers = page.getByRole("list", { name: cs("outreach.log.label") });
    const freed = offers.getByRole("listitem", { name: /čt 4\. 3\./ }).first();
    await freed.waitFor();
    // 13:00 UTC is 14:00 on the salon's clock in Prague.
    await freed.getByRole("heading", { name: /14:00–15:00/ }).waitFor();
    await freed.getByText("Jana Nováková · uvolněno zrušením").waitFor();
    await freed.getByText("Nikdo nepřijal").waitFor();
    const attempts = freed.getByRole("list", { name: cs("outreach.log.attempts") }).getByRole("listitem");
    await expect.poll(() => attempts.allInnerTexts()).toEqual([
      expect.stringMatching(/Lucie Malá\s+SMS\s+Bez odpovědi/),
      expect.stringMatching(/Ota Beneš\s+Hovor\s+Hlasová schránka/),
    ]);
    expect(new URL(page.url()).searchParams.get("tab")).toBe("offers");
    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "waitlist-offers-cs-390");

    // Offers made from her wish are counted on the Waiting tab; a reload keeps the tab.
    await page.reload();
    await freed.waitFor();
    await page.getByRole("tab", { name: cs("waitlist.screen.tab.waiting") }).click();
    await lucie.getByText(/^1 nabídka, naposledy /).waitFor();

    await page.setViewportSize(LAPTOP);
    await screenshot(page, "waitlist-waiting-cs-1366");
    await page.getByRole("tab", { name: cs("waitlist.screen.tab.offers") }).click();
    await freed.waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "waitlist-offers-cs-1366");

    // Removed, she leaves the list and shows among the removed.
    await page.getByRole("tab", { name: cs("waitlist.screen.tab.waiting") }).click();
    await lucie.getByRole("button", { name: "Odebrat záznam: Lucie Malá" }).click();
    const confirm = page.getByRole("dialog", { name: "Odebrat klienta Lucie Malá z čekací listiny?" });
    await confirm.getByRole("button", { name: cs("waitlist.screen.remove.confirm") }).click();
    // While the dialog is open the page behind it is hidden from assistive technology, so
    // her card counts as gone only once the dialog has closed.
    await confirm.waitFor({ state: "detached" });
    await toast(page, t("cs", "waitlist.screen.remove.done").replace("{name}", "Lucie Malá"));
    await lucie.waitFor({ state: "detached" });
    await page.getByLabel(cs("waitlist.screen.filter")).selectOption({ label: "Odebraní" });
    await page.getByRole("list", { name: "Odebraní z čekací listiny" }).getByRole("listitem", { name: "Lucie Malá" }).waitFor();
    await context.close();
  });

  it("shows the demo salon's waiting clients and yesterday's freed hour, filled by the first to answer", async () => {
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.goto("/en/dashboard/waitlist");
    const waiting = page.getByRole("list", { name: "Waiting clients" });
    await expect.poll(() => waiting.getByRole("listitem").count()).toBeGreaterThanOrEqual(4);
    const martin = waiting.getByRole("listitem", { name: "Martin Novák" });
    await martin.getByText("by the assistant on a call").waitFor();
    await martin.getByText(/^1 offer, last /).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "waitlist-demo-1366");

    await page.getByRole("tab", { name: "Offers" }).click();
    const freed = page.getByRole("list", { name: "Freed times offered" }).getByRole("listitem").filter({ hasText: "Kateřina Marková" }).first();
    await freed.getByText("Booked from an offer").waitFor();
    await freed.getByText("Jana Nováková · freed by a cancellation").waitFor();
    const attempts = freed.getByRole("list", { name: "Offers made" }).getByRole("listitem");
    await expect.poll(() => attempts.allInnerTexts()).toEqual([
      expect.stringMatching(/Kateřina Marková\s+SMS\s+Accepted/),
      expect.stringMatching(/Martin Novák\s+SMS\s+Taken by another/),
      expect.stringMatching(/Anna Dvořáková\s+SMS\s+Skipped\s+opted out of texts/),
    ]);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "waitlist-demo-offers-1366");

    // The client who took it is among those booked from the waitlist.
    await page.getByRole("tab", { name: "Waiting" }).click();
    await page.getByLabel("Show").selectOption("booked");
    await page.getByRole("list", { name: "Booked from the waitlist" }).getByRole("listitem", { name: "Kateřina Marková" }).waitFor();
    await context.close();
  });
});
