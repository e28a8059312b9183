import { availabilityInput, type SlotQuery } from "../../data/availability.ts";
import type { TenantScope } from "../../data/tenant.ts";
import { freeSlots, type Slot } from "./free-slots.ts";
import { slotAt, type Unbookable } from "./unbookable.ts";

/** Free start times of the salon: its data read in the caller's transaction, the search in memory. */
export async function findFreeSlots(scope: TenantScope, query: SlotQuery): Promise<Slot[]> {
  const input = await availabilityInput(scope, query);
  return input ? freeSlots(input) : [];
}

/** The free slots starting at `start`, one per stylist free then in the search's order, or why there is none: outside hours, taken, past. */
export async function findSlotsAt(scope: TenantScope, query: Omit<SlotQuery, "from" | "to">, start: Date): Promise<{ slots: Slot[] } | { why: Unbookable }> {
  const input = await availabilityInput(scope, { ...query, from: start, to: new Date(start.getTime() + 60_000) });
  if (!input) return { why: { kind: "nobodyWorking" } };
  const slots = freeSlots(input).filter((slot) => slot.start === start.getTime());
  if (slots.length) return { slots };
  return slotAt(input, start.getTime(), query.stylistId !== undefined) as { why: Unbookable };
}

/** The free slot starting at `start` (the first stylist's, when several are free), or why there is none. */
export async function findSlotAt(scope: TenantScope, query: Omit<SlotQuery, "from" | "to">, start: Date): Promise<{ slot: Slot } | { why: Unbookable }> {
  const found = await findSlotsAt(scope, query, start);
  return "why" in found ? found : { slot: found.slots[0]! };
}
