import { describe, expect, it } from "vitest";
import { DEFAULT_INSTRUCTIONS, PLACEHOLDERS, renderInstructions, type InstructionsData } from "../../contract/assistant-instructions.ts";
import { LANGUAGES } from "../../contract/languages.ts";
import { DEFAULT_BUSINESS_HOURS } from "../../contract/salon.ts";

const bella: InstructionsData = {
  language: "en",
  salon: {
    name: "Salon Bella",
    address: "Vinohradská 12",
    postal_code: "120 00",
    city: "Praha",
    state: null,
    country: "Czechia",
    business_hours: { ...DEFAULT_BUSINESS_HOURS, "5": { open: "09:00", close: "14:00" }, "6": null },
    transfer_phone_number: "+420 777 000 111",
    currency: "EUR",
  },
  services: [
    { name: "Women's haircut", duration: 60, price: 45, min_price: 40, max_price: 60 },
    { name: "Blow-dry", duration: 30, price: 20, min_price: null, max_price: null },
  ],
};

describe("the default instructions", () => {
  it.each(LANGUAGES)("in %s use every placeholder the voice engine fills", (language) => {
    for (const name of PLACEHOLDERS) expect(DEFAULT_INSTRUCTIONS[language]).toContain(`{{${name}}}`);
  });

  it.each(LANGUAGES)("in %s leave no placeholder unfilled", (language) => {
    expect(renderInstructions(DEFAULT_INSTRUCTIONS[language], { ...bella, language })).not.toMatch(/\{\{|\}\}/);
  });
});

describe("renderInstructions", () => {
  it("fills in the salon's name, address, hours, prices and transfer number", () => {
    const text = renderInstructions(DEFAULT_INSTRUCTIONS.en, bella);
    expect(text).toContain("You are the phone receptionist of Salon Bella, a hair salon.");
    expect(text).toContain("Address: Vinohradská 12, 120 00 Praha, Czechia");
    expect(text).toContain("Opening hours:\n- Monday: 09:00–18:00\n");
    expect(text).toContain("- Saturday: 09:00–14:00\n- Sunday: closed\n");
    expect(text).toContain("Services and prices:\n- Women's haircut: 60 min, €45 (from €40 to €60)\n- Blow-dry: 30 min, €20\n");
    expect(text).toContain("Number for transfers to a person: +420 777 000 111");
  });

  it("writes weekdays and prices the way the language does", () => {
    const czech = renderInstructions("{{business_hours}}\n{{services}}", { ...bella, language: "cs" });
    expect(czech).toContain("- Pondělí: 09:00–18:00");
    expect(czech).toContain("- Neděle: zavřeno");
    expect(czech).toContain("- Women's haircut: 60 min, 45\u00a0€ (od 40\u00a0€ do 60\u00a0€)");
    const german = renderInstructions("{{business_hours}}", { ...bella, language: "de" });
    expect(german).toContain("- Samstag: 09:00–14:00\n- Sonntag: geschlossen");
  });

  it("quotes prices in the salon's currency, cents only where there are some, and names it in the rules", () => {
    const prague: InstructionsData = {
      language: "cs",
      salon: { ...bella.salon, currency: "CZK" },
      services: [{ name: "Dámský střih", duration: 60, price: 890, min_price: 790, max_price: 1190 }],
    };
    const czech = renderInstructions(DEFAULT_INSTRUCTIONS.cs, prague);
    expect(czech).toContain("- Dámský střih: 60 min, 890\u00a0Kč (od 790\u00a0Kč do 1\u00a0190\u00a0Kč)");
    expect(czech).toContain("Ceny jsou v korunách.");
    expect(czech).not.toContain("eur");
    expect(renderInstructions("{{services}} {{currency}}", { ...bella, services: [{ ...bella.services[1]!, price: 19.5 }] })).toBe("- Blow-dry: 30 min, €19.50 euros");
    expect(renderInstructions(DEFAULT_INSTRUCTIONS.de, { ...prague, language: "de" })).toContain("Preise sind in tschechischen Kronen angegeben.");
  });

  it("says plainly what the salon has not filled in", () => {
    const empty: InstructionsData = {
      language: "en",
      salon: { ...bella.salon, address: null, postal_code: null, city: null, country: null, transfer_phone_number: null },
      services: [],
    };
    expect(renderInstructions("{{address}} | {{services}} | {{transfer_phone_number}}", empty)).toBe(
      "not provided | No services are listed yet. | none",
    );
  });

  it("accepts spaces inside the braces and leaves anything else in braces as written", () => {
    expect(renderInstructions("Hi from {{ salon_name }}: {{unknown}} {single}", bella)).toBe("Hi from Salon Bella: {{unknown}} {single}");
  });
});
