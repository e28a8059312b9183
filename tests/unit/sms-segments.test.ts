import { describe, expect, it } from "vitest";
import { smsSize } from "../../src/features/salon-settings/messages/sms-segments.ts";

describe("an SMS's size", () => {
  it("counts plain text in GSM-7: 160 in one message, 153 a part after", () => {
    expect(smsSize("a".repeat(160))).toMatchObject({ encoding: "gsm7", characters: 160, segments: 1 });
    expect(smsSize("a".repeat(161))).toMatchObject({ segments: 2 });
    expect(smsSize("a".repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSize("a".repeat(307))).toMatchObject({ segments: 3 });
  });

  it("counts the extension table's characters twice", () => {
    expect(smsSize("€10 [x]")).toMatchObject({ encoding: "gsm7", characters: 10 });
  });

  it("sends the whole text as UCS-2 once one character is outside GSM-7: 70, then 67 a part", () => {
    expect(smsSize("Připomínáme termín")).toMatchObject({ encoding: "ucs2", characters: 18, segments: 1 });
    expect(smsSize(`${"a".repeat(70)}`)).toMatchObject({ encoding: "gsm7", segments: 1 });
    expect(smsSize(`–${"a".repeat(69)}`)).toMatchObject({ encoding: "ucs2", segments: 1 });
    expect(smsSize(`–${"a".repeat(70)}`)).toMatchObject({ encoding: "ucs2", segments: 2 });
    expect(smsSize(`–${"a".repeat(134)}`)).toMatchObject({ segments: 3 });
  });
});
