import { afterAll, describe, expect, it } from "vitest";
import { sql } from "./auth-helpers.ts";
import { assistantWithTicket } from "./call-helpers.ts";

afterAll(() => sql.end());

type Item = { role: "user" | "assistant"; content: string } | { tool: string; ok: boolean };

/** A running call of a fresh salon with `items`, then ended as `status`; its outcome. */
async function outcomeOf(items: Item[], status = "completed") {
  const { assistantId } = await assistantWithTicket();
  const [assistant] = await sql<{ salon_id: string }[]>`select salon_id from assistant_configs where id = ${assistantId}`;
  const salonId = assistant!.salon_id;
  const [call] = await sql<{ id: string }[]>`insert into calls (salon_id, direction, call_started_at) values (${salonId}, 'inbound', now()) returning id`;
  for (const [position, item] of items.entries()) {
    if ("tool" in item) {
      await sql`insert into call_items (call_id, salon_id, position, item_type, function_name, status, arguments, error)
                values (${call!.id}, ${salonId}, ${position}, 'function_call', ${item.tool}, ${item.ok ? "successful" : "failed"}, '{}', ${item.ok ? null : "refused"})`;
    } else {
      await sql`insert into call_items (call_id, salon_id, position, item_type, role, content)
                values (${call!.id}, ${salonId}, ${position}, 'conversation', ${item.role}, ${item.content})`;
    }
  }
  const [running] = await sql<{ outcome: string | null }[]>`select outcome from calls where id = ${call!.id}`;
  expect(running!.outcome).toBeNull();
  const [ended] = await sql<{ outcome: string | null }[]>`update calls set call_status = ${status}, call_ended_at = now() where id = ${call!.id} returning outcome`;
  return ended!.outcome;
}

const said = (content: string): Item => ({ role: "user", content });
const answered = (content: string): Item => ({ role: "assistant", content });

describe("a call's outcome", () => {
  it("is what its tools did, the booking first, whatever else was said", async () => {
    expect(await outcomeOf([answered("Hello"), said("A haircut, please"), { tool: "find_free_slots", ok: true }, { tool: "book_appointment", ok: true }])).toBe("booked");
    expect(await outcomeOf([said("Move my visit"), { tool: "reschedule_appointment", ok: true }, { tool: "book_appointment", ok: false }])).toBe("rescheduled");
    expect(await outcomeOf([said("Cancel it"), { tool: "cancel_appointment", ok: true }])).toBe("cancelled");
    expect(await outcomeOf([said("A person, please"), { tool: "transfer_to_human", ok: true }])).toBe("handed_over");
  });

  it("is abandoned when the caller never spoke, and left for the summary when only the words could tell", async () => {
    expect(await outcomeOf([answered("Hello, Salon Bella")])).toBe("abandoned");
    expect(await outcomeOf([], "failed")).toBe("abandoned");
    // A refused booking is no booking.
    expect(await outcomeOf([said("Friday at five?"), { tool: "book_appointment", ok: false }, answered("That time is taken.")])).toBeNull();
    expect(await outcomeOf([said("When do you open on Saturday?"), answered("From nine.")])).toBeNull();
  });
});
