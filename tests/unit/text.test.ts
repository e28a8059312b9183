import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { fold, optionalText } from "../../contract/text.ts";

describe("text", () => {
  it("folds words for comparison without case, accents and extra spaces", () => {
    expect(fold("  Nováková   Anna ")).toBe("novakova anna");
    expect(fold("BARBORA ŠŤASTNÁ")).toBe("barbora stastna");
    expect(fold("Österreich")).toBe(fold("osterreich"));
    expect(fold("Women's haircut")).toBe("women's haircut");
  });

  it("makes blank optional text null and checks the rest against a pattern", () => {
    const digitsOnly = z.object({ code: optionalText(5, /^\d+$/, "validation.code"), note: optionalText(5) });
    expect(digitsOnly.parse({ code: "  ", note: undefined })).toEqual({ code: null, note: null });
    expect(digitsOnly.parse({ code: " 123 ", note: " ab " })).toEqual({ code: "123", note: "ab" });
    const refused = digitsOnly.safeParse({ code: "12a", note: "abcdef" });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(["validation.code", "validation.tooLong"]);
    expect(digitsOnly.safeParse({ code: "123456" }).error?.issues.map((issue) => issue.message)).toEqual(["validation.tooLong"]);
  });
});
