import { availabilityInput, type SlotQuery } from "../data/availability.ts";
import type { TenantScope } from "../data/tenant.ts";
import { freeSlots, type Slot } from "./free-slots.ts";
import { slotAt, type Unbookable } from "./unbookable.ts";

/** Free start times of the salon: its data read in the caller's transaction, the search in memory. */
export async function findFreeSlots(scope: TenantScope, query: SlotQuery): Promise<Slot[]> {
  const input = await availabilityInput(scope, query);
  return input ? freeSlots(input) : [];
}

/** The free slot starting at `start`, or why it cannot be booked: outside hours, taken, past. */
export async function findSlotAt(scope: TenantScope, query: Omit<SlotQuery, "from" | "to">, start: Date): Promise<{ slot: Slot } | { why: Unbookable }> {
  const input = await availabilityInput(scope, { ...query, from: start, to: new Date(start.getTime() + 60_000) });
  return input ? slotAt(input, start.getTime(), query.stylistId !== undefined) : { why: { kind: "nobodyWorking" } };
}
