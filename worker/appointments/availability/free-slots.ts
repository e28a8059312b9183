import { bookableSpans } from "../../../contract/opening-hours.ts";
import type { BusinessHours, TimeOff, WorkingHours } from "../../../contract/salon.ts";
import { isoDate, offsetMinutes, wallTime, zonedInstant } from "../../../contract/time-zone.ts";

export interface StylistSchedule {
  id: string;
  working_hours: WorkingHours;
  time_off: TimeOff[];
}

export interface Busy {
  stylist_id: string;
  start: number;
  end: number;
}

export interface AvailabilityInput {
  timeZone: string;
  businessHours: BusinessHours;
  stylists: StylistSchedule[];
  /** Booked appointments of these stylists around the range (epoch ms). */
  busy: Busy[];
  from: Date;
  to: Date;
  /** Total minutes the services take. */
  duration: number;
  /** Start times fall on this grid of the salon's clock (minutes). */
  step?: number;
  /** No start before this instant (now, for a caller). */
  notBefore?: Date;
}

export interface Slot {
  stylistId: string;
  start: number;
  end: number;
}

const MINUTE = 60_000;

/** Start times fall on this grid of the salon's clock unless a search asks for another (minutes). */
export const SLOT_STEP = 15;

/**
 * Maps minutes after local midnight of one calendar day to instants. Most days have one
 * offset; on a daylight-saving day each time is converted on its own, and a time the
 * clocks skip gives NaN.
 */
function dayClock(year: number, month: number, day: number, timeZone: string) {
  const midnight = Date.UTC(year, month - 1, day);
  // Offsets reach ±14 h, so the local day lies within these two UTC readings' span.
  const early = offsetMinutes(new Date(midnight - 14 * 60 * MINUTE), timeZone);
  const late = offsetMinutes(new Date(midnight + 38 * 60 * MINUTE), timeZone);
  if (early === late) return (minutes: number) => midnight + (minutes - early) * MINUTE;
  return (minutes: number) => {
    const wall = { year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60 };
    const instant = zonedInstant(wall, timeZone);
    const shown = wallTime(instant, timeZone);
    return shown.hour === wall.hour && shown.minute === wall.minute ? instant.getTime() : Number.NaN;
  };
}

/**
 * Free start times for `duration` minutes, per stylist, honouring the salon's business
 * hours, each stylist's working hours and time off, and booked appointments, in the salon's
 * time zone. Sorted by start, then by stylist order.
 */
export function freeSlots(input: AvailabilityInput): Slot[] {
  const { timeZone, businessHours, stylists, duration, step = SLOT_STEP } = input;
  const from = Math.max(input.from.getTime(), input.notBefore?.getTime() ?? -Infinity);
  const to = input.to.getTime();
  if (from >= to || duration <= 0) return [];

  const busyBy = new Map<string, Busy[]>();
  for (const item of input.busy) {
    if (item.end <= from || item.start >= to + duration * MINUTE) continue;
    const list = busyBy.get(item.stylist_id) ?? [];
    list.push(item);
    busyBy.set(item.stylist_id, list);
  }
  for (const list of busyBy.values()) list.sort((a, b) => a.start - b.start);

  const slots: Slot[] = [];
  const first = wallTime(new Date(from), timeZone);
  // Walk the salon's calendar days that the range touches.
  for (let date = Date.UTC(first.year, first.month - 1, first.day); ; date += 24 * 60 * MINUTE) {
    const d = new Date(date);
    const [year, month, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    const clock = dayClock(year, month, day, timeZone);
    if (clock(0) >= to) break;
    const today = isoDate(year, month, day);

    stylists.forEach((stylist) => {
      const busy = busyBy.get(stylist.id) ?? [];
      let cursor = 0; // busy entries ending before the current start are skipped for good
      for (const [open, close] of bookableSpans(businessHours, stylist, today)) {
        for (let minute = Math.ceil(open / step) * step; minute + duration <= close; minute += step) {
          const start = clock(minute);
          // A service takes its minutes of real time, also across a clock change.
          const end = start + duration * MINUTE;
          if (Number.isNaN(start) || start < from || start >= to) continue;
          while (cursor < busy.length && busy[cursor]!.end <= start) cursor++;
          let clash = false;
          for (let i = cursor; i < busy.length && busy[i]!.start < end; i++) {
            if (busy[i]!.end > start) {
              clash = true;
              break;
            }
          }
          if (!clash) slots.push({ stylistId: stylist.id, start, end });
        }
      }
    });
  }
  const order = new Map(stylists.map((stylist, index) => [stylist.id, index]));
  return slots.sort((a, b) => a.start - b.start || order.get(a.stylistId)! - order.get(b.stylistId)!);
}
