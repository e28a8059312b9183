import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_WORKING_HOURS, type BusinessHours, type WorkingHours } from "../../contract/salon.ts";
import { wallTime } from "../../contract/time-zone.ts";
import { freeSlots, type AvailabilityInput } from "../../worker/appointments/availability/free-slots.ts";

const PRAGUE = "Europe/Prague";
const jana = { id: "jana", working_hours: DEFAULT_WORKING_HOURS, time_off: [] };

/** Start times as Prague wall-clock "HH:MM", per stylist. */
function starts(input: Partial<AvailabilityInput> & Pick<AvailabilityInput, "from" | "to" | "duration">) {
  const slots = freeSlots({ timeZone: PRAGUE, businessHours: DEFAULT_BUSINESS_HOURS, stylists: [jana], busy: [], ...input });
  return slots.map((slot) => {
    const wall = wallTime(new Date(slot.start), PRAGUE);
    return `${slot.stylistId} ${String(wall.day).padStart(2, "0")} ${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
  });
}

// Monday 7 December 2026, all day in Prague (UTC+1).
const monday = { from: new Date("2026-12-06T23:00:00Z"), to: new Date("2026-12-07T23:00:00Z") };

describe("free slots", () => {
  it("leave out the lunch break", () => {
    const list = starts({ ...monday, duration: 60, step: 60 });
    expect(list).toEqual(["jana 07 09:00", "jana 07 10:00", "jana 07 11:00", "jana 07 12:00", "jana 07 14:00", "jana 07 15:00", "jana 07 16:00"]);
  });

  it("fit the whole multi-service duration before the break or the end of the day", () => {
    // A cut (45) and a colour (90): 135 minutes fit 09:00-13:00 only up to 10:45.
    const list = starts({ ...monday, duration: 135, step: 15 });
    expect(list[0]).toBe("jana 07 09:00");
    expect(list).toContain("jana 07 10:45");
    expect(list).not.toContain("jana 07 11:00");
    expect(list).toContain("jana 07 14:00");
    expect(list).toContain("jana 07 14:45");
    expect(list).not.toContain("jana 07 15:00");
  });

  it("skip days off and time off", () => {
    const sunday = { from: new Date("2026-12-12T23:00:00Z"), to: new Date("2026-12-13T23:00:00Z") };
    expect(starts({ ...sunday, duration: 30 })).toEqual([]); // Sunday is a day off by default
    const onHoliday = { ...jana, time_off: [{ start_date: "2026-12-07", end_date: "2026-12-08", note: null }] };
    expect(starts({ ...monday, duration: 30, stylists: [onHoliday] })).toEqual([]);
  });

  it("stay inside business hours narrower than working hours", () => {
    const late: BusinessHours = { ...DEFAULT_BUSINESS_HOURS, "0": { open: "10:30", close: "15:00" } };
    const list = starts({ ...monday, duration: 60, step: 30, businessHours: late });
    expect(list).toEqual(["jana 07 10:30", "jana 07 11:00", "jana 07 11:30", "jana 07 12:00", "jana 07 14:00"]);
    const closed: BusinessHours = { ...DEFAULT_BUSINESS_HOURS, "0": null };
    expect(starts({ ...monday, duration: 60, businessHours: closed })).toEqual([]);
  });

  it("avoid booked appointments, per stylist", () => {
    const petra = { ...jana, id: "petra" };
    const busy = [{ stylist_id: "jana", start: Date.parse("2026-12-07T08:30:00Z"), end: Date.parse("2026-12-07T10:00:00Z") }];
    const list = starts({ ...monday, duration: 60, step: 30, stylists: [jana, petra], busy }).filter((s) => s.includes(" 07 09:") || s.includes(" 07 10:") || s.includes(" 07 11:00"));
    // Jana is booked 09:30-11:00 local; Petra is free.
    expect(list).toEqual(["petra 07 09:00", "petra 07 09:30", "petra 07 10:00", "petra 07 10:30", "jana 07 11:00", "petra 07 11:00"]);
  });

  it("keep the salon's wall clock across the night clocks go forward", () => {
    // Sunday 29 March 2026: 02:00 becomes 03:00. A salon open on Sunday 00:00-06:00 and a
    // stylist working then: the hour that does not exist offers nothing.
    const night: BusinessHours = { ...DEFAULT_BUSINESS_HOURS, "6": { open: "00:00", close: "06:00" } };
    const owl: WorkingHours = { ...DEFAULT_WORKING_HOURS, "6": { working: true, morning_start: "00:00", morning_end: "06:00", afternoon_start: null, afternoon_end: null } };
    const slots = freeSlots({
      timeZone: PRAGUE,
      businessHours: night,
      stylists: [{ id: "owl", working_hours: owl, time_off: [] }],
      busy: [],
      from: new Date("2026-03-28T23:00:00Z"),
      to: new Date("2026-03-29T22:00:00Z"),
      duration: 60,
      step: 60,
    });
    const local = slots.map((slot) => wallTime(new Date(slot.start), PRAGUE).hour);
    expect(local).toEqual([0, 1, 3, 4, 5]);
    // Each slot is a real hour long, also the one that ends across the change (01:00-03:00 on the clock).
    expect(slots.every((slot) => slot.end - slot.start === 3_600_000)).toBe(true);
  });

  it("and in summer time the same working day maps to UTC an hour earlier", () => {
    const winter = freeSlots({ timeZone: PRAGUE, businessHours: DEFAULT_BUSINESS_HOURS, stylists: [jana], busy: [], ...monday, duration: 60 });
    const summerMonday = { from: new Date("2026-06-07T22:00:00Z"), to: new Date("2026-06-08T22:00:00Z") };
    const summer = freeSlots({ timeZone: PRAGUE, businessHours: DEFAULT_BUSINESS_HOURS, stylists: [jana], busy: [], ...summerMonday, duration: 60 });
    expect(new Date(winter[0]!.start).toISOString()).toBe("2026-12-07T08:00:00.000Z");
    expect(new Date(summer[0]!.start).toISOString()).toBe("2026-06-08T07:00:00.000Z");
  });

  it("never start in the past", () => {
    const list = starts({ ...monday, duration: 60, step: 60, notBefore: new Date("2026-12-07T10:30:00Z") });
    expect(list[0]).toBe("jana 07 12:00");
  });
});
