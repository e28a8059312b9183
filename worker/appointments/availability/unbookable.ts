import { outsideHours, type OutsideHours } from "../../../contract/opening-hours.ts";
import { isoDate, wallTime } from "../../../contract/time-zone.ts";
import { freeSlots, SLOT_STEP, type AvailabilityInput, type Slot } from "./free-slots.ts";

/** Why a start time offers no free slot, in the order a caller most needs to hear it. */
export type Unbookable =
  | { kind: "past" }
  /** The salon's hours, or those of the one stylist asked for. */
  | { kind: "outsideHours"; reasons: OutsideHours[] }
  /** No stylist works then (or the one asked for no longer takes appointments). */
  | { kind: "nobodyWorking" }
  | { kind: "offGrid"; step: number }
  /** Inside working hours, but booked. */
  | { kind: "taken" };

const pad = (value: number) => String(value).padStart(2, "0");

function wallOf(instant: number, timeZone: string): string {
  const wall = wallTime(new Date(instant), timeZone);
  return `${isoDate(wall.year, wall.month, wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/**
 * The free slot that starts at `start` in a search over `input`, or why there is none. The
 * slot comes from the same search as every other free time; the reasons only explain its
 * absence. A stylist's own hours are named when the search was for that one stylist.
 */
export function slotAt(input: AvailabilityInput, start: number, oneStylist: boolean): { slot: Slot } | { why: Unbookable } {
  const slot = freeSlots(input).find((candidate) => candidate.start === start);
  if (slot) return { slot };
  if (start < (input.notBefore?.getTime() ?? -Infinity)) return { why: { kind: "past" } };

  const from = wallOf(start, input.timeZone);
  const to = wallOf(start + input.duration * 60_000, input.timeZone);
  const salon = outsideHours(input.businessHours, null, from, to);
  if (salon.length) return { why: { kind: "outsideHours", reasons: salon } };
  const stylists = input.stylists.map((stylist) => outsideHours(input.businessHours, stylist, from, to));
  if (oneStylist && stylists[0]?.length) return { why: { kind: "outsideHours", reasons: stylists[0] } };
  if (stylists.every((reasons) => reasons.length)) return { why: { kind: "nobodyWorking" } };

  const step = input.step ?? SLOT_STEP;
  if (Number(from.slice(14, 16)) % step !== 0) return { why: { kind: "offGrid", step } };
  return { why: { kind: "taken" } };
}
