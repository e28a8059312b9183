import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityProblems } from "./axe.ts";
import { baseUrl, fitsWidth, screenshot, useBrowser, VIEWPORTS } from "./browser.ts";
import { DEMO_LOGIN } from "../../scripts/lib/seed.ts";
import { signedInOwner } from "./call-api.ts";
import { sql } from "./database.ts";
import { logIn } from "./owner.ts";

const browser = useBrowser();
const LAPTOP = { width: 1366, height: 900 } as const;

/** Calls the API from the page, as an integrator's script would, with the key as bearer. */
const withKey = (page: Page, key: string, path: string, method = "GET") =>
  page.evaluate(
    async ({ key, path, method }) => {
      const response = await fetch(path, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: method === "GET" ? undefined : JSON.stringify({ first_name: "Eva", last_name: "Malá" }) });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { key, path, method },
  );

describe("API keys", () => {
  it("are created in English on a laptop, work at once and are refused once revoked", async () => {
    const owner = await signedInOwner();
    await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nováková" } });
    const { page, context } = await browser.visitor({ viewport: LAPTOP });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    await logIn(page, owner.email, owner.password);
    await page.goto("/en/salon-settings?tab=integrations");
    await page.getByText("No API keys yet.").waitFor();

    await page.getByRole("button", { name: "Create key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create API key" });
    await dialog.getByLabel("Name").fill("Website sync");
    await dialog.getByRole("radio", { name: "Read only" }).check();
    await dialog.getByRole("button", { name: "Create key" }).click();
    const created = page.getByRole("dialog", { name: "Your new API key" });
    await created.getByText("It will not be shown again.", { exact: false }).waitFor();
    const key = await created.getByTestId("api-key").innerText();
    expect(key).toMatch(/^rk_[0-9A-Za-z]{32}$/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "api-key-created-en-1366", { fullPage: false });
    await created.getByRole("button", { name: "Copy API key" }).click();
    // Its name says what it did, as its text does.
    await created.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(await accessibilityProblems(page)).toEqual([]);

    const read = await withKey(page, key, "/api/dashboard/stylists");
    expect(read.status).toBe(200);
    expect((read.body as { first_name: string }[]).map((stylist) => stylist.first_name)).toEqual(["Jana"]);
    expect((await withKey(page, key, "/api/dashboard/stylists", "POST")).status).toBe(403);

    await created.getByRole("button", { name: "Done" }).click();
    const row = page.getByRole("listitem").filter({ hasText: "Website sync" });
    await row.getByText(key.slice(0, 11)).waitFor();
    expect(await row.innerText()).not.toContain(key);
    await page.getByRole("button", { name: "Revoke Website sync" }).click();
    await page.getByRole("dialog", { name: "Revoke “Website sync”?" }).getByRole("button", { name: "Revoke" }).click();
    await row.getByText("Revoked").waitFor();
    expect((await withKey(page, key, "/api/dashboard/stylists")).status).toBe(401);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "api-keys-tab-en-1366");

    await page.getByRole("link", { name: "API reference" }).click();
    await page.getByRole("heading", { name: "Recepta dashboard API" }).waitFor();
    expect(await page.getByRole("heading", { name: "Authentication" }).isVisible()).toBe(true);
    await screenshot(page, "api-docs-1366", { fullPage: false });
  });

  it("are created in Czech on a phone", async () => {
    const owner = await signedInOwner();
    const { page } = await browser.visitor({ viewport: LAPTOP });
    await logIn(page, owner.email, owner.password);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/cs/salon-settings?tab=integrations");
    await page.getByRole("button", { name: "Vytvořit klíč" }).click();
    const dialog = page.getByRole("dialog", { name: "Vytvořit API klíč" });
    await dialog.getByLabel("Název").fill("Účetnictví");
    await dialog.getByRole("radio", { name: "Čtení i zápis" }).check();
    await dialog.getByRole("button", { name: "Vytvořit klíč" }).click();
    const created = page.getByRole("dialog", { name: "Váš nový API klíč" });
    const key = await created.getByTestId("api-key").innerText();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "api-key-created-cs-390", { fullPage: false });
    expect((await withKey(page, key, "/api/dashboard/stylists", "POST")).status).toBe(201);
    await created.getByRole("button", { name: "Hotovo" }).click();
    await page.getByText("Čtení i zápis").first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "api-keys-tab-cs-390");
  });

  it("of the demo salon are one revoked and one active read key", async () => {
    const keys = await sql<{ scope: string; revoked: boolean }[]>`
      select k.scope, k.revoked_at is not null as revoked from api_keys k join salons s on s.id = k.salon_id join users u on u.id = s.owner_id
      where u.email = ${DEMO_LOGIN.email} order by k.created_at`;
    expect(keys).toEqual([{ scope: "read", revoked: true }, { scope: "read", revoked: false }]);
  });
});
