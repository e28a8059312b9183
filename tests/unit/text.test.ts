import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { emailText, fold, isShallowJson, isStorableJson, optionalText, requiredText } from "../../contract/text.ts";

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

  it("refuses characters that cannot be stored or are invisible, and keeps the rest", () => {
    const form = z.object({ name: requiredText(40, "validation.name"), note: optionalText(40), email: emailText("validation.email") });
    const messages = (input: object) => form.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages({ name: "Ja\u0000na", note: "x\ud800", email: "a\u0000b@x.io" })).toEqual([
      "name: validation.text.unstorable",
      "note: validation.text.unstorable",
      "email: validation.email",
    ]);
    expect(messages({ name: "\u001b[31mJana", email: "a@x.io" })).toEqual(["name: validation.text.unstorable"]);
    expect(form.parse({ name: "Jana 👩‍🦰", note: "line\nbreak\tand tab", email: " A@X.io " })).toEqual({ name: "Jana 👩‍🦰", note: "line\nbreak\tand tab", email: "a@x.io" });
  });

  it("bounds the depth of JSON without recursing, and finds NUL and lone surrogates in its keys and texts", () => {
    const nested = (depth: number) => JSON.parse(`${"[".repeat(depth)}1${"]".repeat(depth)}`) as unknown;
    expect(isShallowJson(nested(100_000), 16)).toBe(false);
    expect(isShallowJson(nested(16), 16)).toBe(true);
    expect(isShallowJson(nested(17), 16)).toBe(false);
    expect(isShallowJson("flat", 0)).toBe(true);
    expect(isStorableJson({ "2026-12-24": { closed: true, note: "Christmas 🎄" } }, 4)).toBe(true);
    expect(isStorableJson({ "2026-12-24": { note: "a\u0000b" } }, 4)).toBe(false);
    expect(isStorableJson({ "2026-12-24": { ["\ud800"]: 1 } }, 4)).toBe(false);
    expect(isShallowJson({ "2026-12-24": { note: "a\u0000b" } }, 4)).toBe(true);
  });
});
