import { describe, expect, it } from "vitest";
import { truncateCaption } from "../../src/features/call-demo/caption.ts";

describe("truncateCaption", () => {
  it("keeps a text of exactly 80 characters", () => {
    const text = "x".repeat(80);
    expect(truncateCaption(text)).toBe(text);
  });

  it("cuts an 81-character text to 80 characters plus an ellipsis", () => {
    const text = "x".repeat(80) + "y";
    expect(truncateCaption(text)).toBe(`${"x".repeat(80)}…`);
  });

  it("keeps short texts and honours a smaller limit", () => {
    expect(truncateCaption("Hello")).toBe("Hello");
    expect(truncateCaption("Hello there", 5)).toBe("Hello…");
  });

  it("never splits an emoji", () => {
    expect(truncateCaption(`${"x".repeat(79)}😀😀`)).toBe(`${"x".repeat(79)}😀…`);
  });
});
