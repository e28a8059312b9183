import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

// Each part answers after a random delay, so overlapping calls finish in any order.
vi.mock("../../src/i18n/load-messages.ts", () => ({
  loadMessages: (language: string, part: string) =>
    new Promise((resolve) => setTimeout(() => resolve({ [`${part}.text`]: `${part} in ${language}` }), Math.random() * 20)),
}));

const store = await import("../../src/i18n/catalog-store.ts");

/** What a component would see now. */
const current = () => renderHook(() => store.useCatalog()).result.current;

describe("catalog store", () => {
  it("settles overlapping part requests with every part shown", async () => {
    await store.showLanguage("en");
    await Promise.all([
      store.requireCatalogPart("dashboard"),
      store.requireCatalogPart("dashboard"),
      store.requireCatalogPart("blog"),
      store.requireCatalogPart("dashboard"),
    ]);
    expect(current()?.messages).toEqual({
      "core.text": "core in en",
      "dashboard.text": "dashboard in en",
      "blog.text": "blog in en",
    });
  });

  it("shows the last language asked for, with the parts needed so far", async () => {
    await store.requireCatalogPart("dashboard");
    await Promise.all([store.showLanguage("de"), store.showLanguage("cs"), store.showLanguage("de")]);
    expect(current()?.language).toBe("de");
    expect(current()?.messages["dashboard.text"]).toBe("dashboard in de");
  });
});
