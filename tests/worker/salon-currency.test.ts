import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { renderInstructions } from "../../contract/assistant-instructions.ts";
import { CURRENCIES } from "../../contract/currency.ts";
import { isLanguage } from "../../contract/languages.ts";
import { database } from "../../worker/data/db.ts";
import { withTenant } from "../../worker/data/tenant.ts";
import type { Bindings } from "../../worker/env.ts";
import { usdRates } from "../../worker/platform/currency.ts";
import { loadCallSetup } from "../../worker/calls/engine/call-plan.ts";
import { runTool } from "../../worker/calls/engine/tools.ts";
import { sql } from "./auth-helpers.ts";
import { signedInOwner } from "./owner.ts";
import { withoutMessages } from "./call-helpers.ts";

afterAll(() => sql.end());

const bindings = env as Bindings;
const SALON = "/api/dashboard/salon";

/** A Czech owner's salon with its haircut priced, and where it is in the database. */
async function pragueSalon(currency: string) {
  const owner = await signedInOwner({ "accept-language": "cs" });
  const saved = await owner.call(SALON, { method: "PUT", body: { name: "Salon Bella", country: "Česko", currency } });
  await owner.call("/api/dashboard/services", { body: { name: "Dámský střih", duration: 60, price: 890, min_price: 790, max_price: 1190 } });
  const [row] = await sql<{ salon_id: string; owner_id: string }[]>`
    update users u set language = 'cs' from salons s where s.owner_id = u.id and u.email = ${owner.email}
    returning s.id as salon_id, u.id as owner_id`;
  return { owner, saved, salonId: row!.salon_id, ownerId: row!.owner_id };
}

describe("the salon's currency", () => {
  it("is the euro until the owner picks another, which is saved and answered", async () => {
    const owner = await signedInOwner();
    expect((await owner.call(SALON)).json.currency).toBe("EUR");
    // Left out of a save, it is the default again, as every field left out is.
    const saved = await owner.call(SALON, { method: "PUT", body: { name: "Salon Bella", currency: "CZK" } });
    expect(saved.status).toBe(200);
    expect(saved.json.currency).toBe("CZK");
    expect((await owner.call(SALON)).json.currency).toBe("CZK");
    const [row] = await sql`select s.currency from salons s join users u on u.id = s.owner_id where u.email = ${owner.email}`;
    expect(row!.currency).toBe("CZK");
    expect((await owner.call(SALON, { method: "PUT", body: { name: "Salon Bella", currency: "GBP" } })).json.currency).toBe("GBP");
  });

  it.each([
    ["en", "Choose one of the listed currencies."],
    ["de", "Wählen Sie eine der aufgeführten Währungen."],
    ["cs", "Vyberte jednu z nabízených měn."],
  ])("refuses a currency the product does not offer, in the caller's language (%s)", async (language, message) => {
    const owner = await signedInOwner({ "accept-language": language });
    for (const currency of ["JPY", "czk", 978, null]) {
      const res = await owner.call(SALON, { method: "PUT", body: { name: "Salon Bella", currency } });
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ detail: message, fields: { currency: message } });
    }
    expect((await owner.call(SALON)).json.currency).toBe("EUR");
  });

  it("is what the receptionist quotes prices in: crowns in Czech for a Czech salon", async () => {
    const { owner, salonId, ownerId } = await pragueSalon("CZK");
    // A new assistant of a Czech owner starts from the Czech instructions.
    const assistant = await owner.call("/api/dashboard/assistant/config", { body: { name: "Recepce" } });
    expect(assistant.status).toBe(201);
    const db = database(bindings);
    const setup = await withTenant(db, { salonId, userId: ownerId }, (scope) => loadCallSetup(scope, assistant.json.id as string));
    const { salon, services } = setup!;
    // As a call renders them: in the owner's language.
    const language = isLanguage(salon.language) ? salon.language : "en";
    expect(language).toBe("cs");
    const instructions = renderInstructions(setup!.assistant.system_prompt, { language, salon, services });
    expect(instructions).toContain("Služby a ceny:\n- Dámský střih: 60 min, 890\u00a0Kč (od 790\u00a0Kč do 1\u00a0190\u00a0Kč)\n");
    expect(instructions).toContain("Ceny jsou v korunách.");
    expect(instructions).not.toMatch(/€|eur/i);

    const tools = { db, salonId, ownerId, timeZone: "Europe/Prague", country: "CZ" as const, callerNumber: null, ...withoutMessages };
    expect(await runTool(tools, "list_services", "{}")).toEqual({
      ok: true,
      result: [{ name: "Dámský střih", duration_minutes: 60, price: 890, price_range: [790, 1190], currency: "CZK", description: null }],
    });
  });

  it("comes with the rates call costs are shown in it at: every currency's, the euro's from the Worker's settings", async () => {
    const owner = await signedInOwner();
    const res = await owner.call(`${SALON}/usd-rates`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(usdRates(bindings));
    expect(Object.keys(res.json).sort()).toEqual([...CURRENCIES].sort());
    expect(res.json.USD).toBe(1);
  });
});
