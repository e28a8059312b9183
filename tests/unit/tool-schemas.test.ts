import { describe, expect, it } from "vitest";
import { parseArguments, TOOL_DEFINITIONS } from "../../worker/calls/engine/tool-schemas.ts";

const definition = (name: string) => TOOL_DEFINITIONS.find((tool) => tool.name === name)!;

describe("the receptionist's tools as the speech model sees them", () => {
  it("describes every tool's arguments from the schema that checks them", () => {
    expect(TOOL_DEFINITIONS.map((tool) => tool.name)).toEqual([
      "get_salon_details",
      "list_services",
      "get_salon_faq",
      "find_free_slots",
      "book_appointment",
      "find_appointments",
      "reschedule_appointment",
      "cancel_appointment",
      "add_to_waitlist",
      "transfer_to_human",
      "end_call",
    ]);
    const book = definition("book_appointment").parameters as { required: string[]; properties: Record<string, { description?: string }>; additionalProperties: boolean };
    // The phone number may be left out: on a phone call the tools use the number calling.
    expect(book.required).toEqual(["customer_name", "services", "start"]);
    expect(Object.keys(book.properties)).toEqual(["customer_name", "customer_phone", "services", "start", "stylist", "notes"]);
    expect(book.additionalProperties).toBe(false);
    expect(book.properties.start!.description).toBe("The start, the salon's local time, as YYYY-MM-DD HH:MM.");
    expect(book.properties.customer_phone!.description).toBe(
      "The caller's phone number, with country code when known. Leave it out to use the number they are calling from, once they have confirmed it; a browser call has none.",
    );
    // A wish for the waiting list needs only who and what: the salon's week fills in the rest.
    const wait = definition("add_to_waitlist").parameters as { required: string[]; properties: Record<string, { items?: { enum?: string[] } }> };
    expect(wait.required).toEqual(["customer_name", "services"]);
    expect(wait.properties.weekdays!.items!.enum).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
    expect(definition("end_call").parameters).toEqual({ type: "object", properties: {}, required: [], additionalProperties: false });
  });

  it("refuses what the description marks as required, and accepts what it allows", () => {
    const missing = parseArguments("book_appointment", JSON.stringify({ customer_phone: "+420 777 123 456", services: ["Cut"], start: "2026-11-24 14:30" }));
    expect(missing).toEqual({ ok: false, error: expect.stringContaining("customer_name") });
    expect(parseArguments("book_appointment", "{")).toEqual({ ok: false, error: "The arguments are not valid JSON." });
    const given = parseArguments("book_appointment", JSON.stringify({ customer_name: " Anna ", customer_phone: "+420 777 123 456", services: ["Cut"], start: "2026-11-24 14:30" }));
    expect(given).toEqual({ ok: true, args: { customer_name: "Anna", customer_phone: "+420 777 123 456", services: ["Cut"], start: "2026-11-24 14:30" } });
    expect(parseArguments("find_free_slots", JSON.stringify({ date: "24.11.2026", services: ["Cut"] }))).toEqual({ ok: false, error: "Invalid arguments (date: use the form YYYY-MM-DD)." });
    expect(parseArguments("reschedule_appointment", JSON.stringify({ customer_name: "Anna", new_start: "tomorrow at 3" }))).toEqual({
      ok: false,
      error: "Invalid arguments (new_start: use the form YYYY-MM-DD HH:MM).",
    });
  });
});
