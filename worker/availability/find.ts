import { availabilityInput, type SlotQuery } from "../data/availability.ts";
import type { TenantScope } from "../data/tenant.ts";
import { freeSlots, type Slot } from "./free-slots.ts";

/** Free start times of the salon: its data read in the caller's transaction, the search in memory. */
export async function findFreeSlots(scope: TenantScope, query: SlotQuery): Promise<Slot[]> {
  const input = await availabilityInput(scope, query);
  return input ? freeSlots(input) : [];
}
