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

  it("makes blank optional text null and checks the rest against a pattern or a rule", () => {
    const digitsOnly = z.object({ code: optionalText(5, /^\d+$/, "validation.code"), even: optionalText(5, (text) => text.length % 2 === 0, "validation.even") });
    expect(digitsOnly.parse({ code: "  ", even: undefined })).toEqual({ code: null, even: null });
    expect(digitsOnly.parse({ code: " 123 ", even: " ab " })).toEqual({ code: "123", even: "ab" });
    const refused = digitsOnly.safeParse({ code: "12a", even: "abc" });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(["validation.code", "validation.even"]);
    expect(digitsOnly.safeParse({ code: "123456" }).error?.issues.map((issue) => issue.message)).toEqual(["validation.tooLong"]);
  });
});
