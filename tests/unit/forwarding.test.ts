import { describe, expect, it } from "vitest";
import { forwardingCodes } from "../../src/features/phone-numbers/forwarding.ts";

describe("call forwarding codes", () => {
  it("forwards always, when busy, unanswered and unreachable to the number with its +, and cancels all", () => {
    expect(forwardingCodes("+420777123456")).toEqual([
      { kind: "always", code: "**21*+420777123456#" },
      { kind: "busy", code: "**67*+420777123456#" },
      { kind: "unanswered", code: "**61*+420777123456#" },
      { kind: "unreachable", code: "**62*+420777123456#" },
      { kind: "cancel", code: "##002#" },
    ]);
  });
});
