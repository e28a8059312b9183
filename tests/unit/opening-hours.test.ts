import { describe, expect, it } from "vitest";
import { bookableSpans, outsideHours, type Schedule } from "../../contract/opening-hours.ts";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_WORKING_HOURS, type BusinessHours } from "../../contract/salon.ts";

// Open 09:00-18:00, closed on Sunday; Jana works 09:00-13:00 and 14:00-17:00 except Sunday.
const hours: BusinessHours = { ...DEFAULT_BUSINESS_HOURS, "6": null };
const jana: Schedule = { working_hours: DEFAULT_WORKING_HOURS, time_off: [{ start_date: "2026-12-08", end_date: "2026-12-09", note: "Course" }] };
// 7 December 2026 is a Monday.
const MONDAY = "2026-12-07";

const kinds = (start: string, end: string, schedule: Schedule | null = jana) => outsideHours(hours, schedule, start, end).map((reason) => reason.kind);

describe("opening hours", () => {
  it("name each rule a time breaks: the salon's day and hours, the stylist's day, shift, break and time off", () => {
    expect(kinds(`${MONDAY}T10:00`, `${MONDAY}T11:00`)).toEqual([]);
    expect(outsideHours(hours, jana, "2026-12-13T10:00", "2026-12-13T11:00")).toEqual([
      { kind: "salonClosedDay", date: "2026-12-13" },
      { kind: "dayOff", date: "2026-12-13" },
    ]);
    expect(outsideHours(hours, null, `${MONDAY}T19:30`, `${MONDAY}T20:15`)).toEqual([
      { kind: "salonClosedTime", date: MONDAY, hours: { from: "09:00", to: "18:00" } },
    ]);
    expect(outsideHours(hours, jana, `${MONDAY}T12:30`, `${MONDAY}T13:15`)).toEqual([{ kind: "break", date: MONDAY, hours: { from: "13:00", to: "14:00" } }]);
    expect(outsideHours(hours, jana, `${MONDAY}T16:30`, `${MONDAY}T17:30`)).toEqual([
      { kind: "outsideShift", date: MONDAY, hours: { from: "09:00", to: "17:00" } },
    ]);
    expect(outsideHours(hours, jana, "2026-12-09T10:00", "2026-12-09T11:00")).toEqual([{ kind: "timeOff", date: "2026-12-09", timeOff: jana.time_off[0] }]);
    // Past midnight into a closed Sunday: each rule once.
    expect(kinds("2026-12-12T17:30", "2026-12-13T01:00")).toEqual(["salonClosedTime", "outsideShift", "salonClosedDay", "dayOff"]);
  });

  it("read the older one-shift day as one stretch without a break", () => {
    const older: Schedule = {
      working_hours: { ...DEFAULT_WORKING_HOURS, "0": { working: true, morning_start: "08:00", morning_end: null, afternoon_start: null, afternoon_end: "16:00" } },
      time_off: [],
    };
    expect(kinds(`${MONDAY}T12:30`, `${MONDAY}T13:30`, older)).toEqual([]);
    expect(bookableSpans(hours, older, MONDAY)).toEqual([[9 * 60, 16 * 60]]);
  });

  it("find a time fine exactly when it lies inside one of the day's bookable stretches", () => {
    const shapes: Schedule[] = [
      jana,
      // Shifts that meet make one stretch.
      { working_hours: { ...DEFAULT_WORKING_HOURS, "0": { working: true, morning_start: "08:00", morning_end: "12:00", afternoon_start: "12:00", afternoon_end: "19:00" } }, time_off: [] },
      { working_hours: { ...DEFAULT_WORKING_HOURS, "0": { working: true, morning_start: null, morning_end: null, afternoon_start: "12:00", afternoon_end: "20:00" } }, time_off: [] },
    ];
    const at = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    for (const schedule of shapes) {
      const spans = bookableSpans(hours, schedule, MONDAY);
      for (let from = 6 * 60; from < 21 * 60; from += 15) {
        for (let to = from + 15; to <= 22 * 60; to += 15) {
          const inside = spans.some(([open, close]) => open <= from && to <= close);
          expect(outsideHours(hours, schedule, `${MONDAY}T${at(from)}`, `${MONDAY}T${at(to)}`).length === 0, `${at(from)}-${at(to)}`).toBe(inside);
        }
      }
    }
  });
});
