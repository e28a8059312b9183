import { describe, expect, it } from "vitest";
import { DataError } from "../../worker/data/errors.ts";
import { HAND_OVER, refusalOf } from "../../worker/calls/engine/tools.ts";

describe("what the speech model is told", () => {
  it("when it asks to hand the caller over: put through, impossible in a browser, or no number set", () => {
    expect(HAND_OVER.transferring).toBe("Tell the caller in one short sentence that you are putting them through now.");
    expect(HAND_OVER.inBrowser("+420 222 111 000")).toBe(
      "This call is in a web browser, so it cannot be put through to a person. Explain that briefly, give the salon's number +420 222 111 000, and say goodbye.",
    );
    expect(HAND_OVER.inBrowser(null)).toBe("This call is in a web browser, so it cannot be put through to a person. Explain that briefly, and say goodbye.");
    expect(HAND_OVER.noTransferNumber("+420 222 111 000")).toBe(
      "The salon has set no number for putting callers through, so nobody can take over this call. Say so, give the salon's number +420 222 111 000, and offer what you can do: booking, moving or cancelling an appointment, or answering questions about the salon.",
    );
    expect(HAND_OVER.noTransferNumber(null)).toBe(
      "The salon has set no number for putting callers through, so nobody can take over this call. Say so, and offer what you can do: booking, moving or cancelling an appointment, or answering questions about the salon.",
    );
  });

  it("when the calendar refuses a change another caller or the owner made meanwhile", () => {
    expect(refusalOf(new DataError("conflict", "appointments.error.overlap", { code: "overlap" }))).toBe(
      "That time was just taken. Offer the caller another time (use find_free_slots).",
    );
    expect(refusalOf(new DataError("invalid", "validation.appointment.stylist", { field: "stylist" }))).toBe(
      "The stylist or a service is no longer available; check list_services and get_salon_details.",
    );
    expect(refusalOf(new DataError("not_found", "api.error.notFoundRow", { code: "not_found" }))).toBe("That appointment is no longer booked; use find_appointments.");
  });
});
