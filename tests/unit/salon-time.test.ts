import { describe, expect, it } from "vitest";
import { addMinutes, calendarOffset, nextDay, toInstant, toWall, wallOfCalendarDate } from "../../src/features/calendar/salon-time.ts";

const PRAGUE = "Europe/Prague";

describe("the calendar's salon time", () => {
  it("shows an instant as the salon's wall-clock time, whatever the browser's zone", () => {
    expect(toWall("2026-11-23T13:30:00.000Z", PRAGUE)).toBe("2026-11-23T14:30");
    expect(toWall("2026-07-01T13:30:00.000Z", PRAGUE)).toBe("2026-07-01T15:30");
    expect(toWall("2026-11-23T13:30:00.000Z", "America/New_York")).toBe("2026-11-23T08:30");
    // Late in the evening in New York is already the next day in Prague.
    expect(toWall("2026-11-24T03:15:00.000Z", "America/New_York")).toBe("2026-11-23T22:15");
  });

  it("turns a wall-clock time back into the instant the API takes", () => {
    expect(toInstant("2026-11-23T14:30", PRAGUE)).toBe("2026-11-23T13:30:00.000Z");
    expect(toInstant("2026-07-01T15:30", PRAGUE)).toBe("2026-07-01T13:30:00.000Z");
    expect(toInstant("2026-11-23T00:00", "Asia/Kolkata")).toBe("2026-11-22T18:30:00.000Z");
  });

  it("round-trips every quarter hour of the calendar's day across both clock changes", () => {
    for (const day of ["2026-03-29", "2026-10-25", "2026-11-23"]) {
      for (let minutes = 6 * 60; minutes < 20 * 60; minutes += 15) {
        const wall = `${day}T${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        expect(toWall(toInstant(wall, PRAGUE), PRAGUE)).toBe(wall);
      }
    }
  });

  it("reads the wall-clock fields of the library's dates", () => {
    // The library builds its dates in the browser's zone from the wall-clock fields.
    expect(wallOfCalendarDate(new Date(2026, 10, 23, 9, 5))).toBe("2026-11-23T09:05");
    expect(wallOfCalendarDate(new Date(2026, 0, 1, 0, 0))).toBe("2026-01-01T00:00");
  });

  it("adds real minutes, so an appointment over a clock change lasts what it lasts", () => {
    expect(addMinutes("2026-11-23T09:00", 75, PRAGUE)).toBe("2026-11-23T10:15");
    expect(addMinutes("2026-11-23T23:30", 45, PRAGUE)).toBe("2026-11-24T00:15");
    // 29 March 2026: 02:00 does not happen in Prague.
    expect(addMinutes("2026-03-29T01:30", 60, PRAGUE)).toBe("2026-03-29T03:30");
  });

  it("gives the library the salon's current offset for its now and today", () => {
    expect(calendarOffset(PRAGUE, new Date("2026-01-15T12:00:00Z"))).toBe("+01:00");
    expect(calendarOffset(PRAGUE, new Date("2026-07-15T12:00:00Z"))).toBe("+02:00");
    expect(calendarOffset("America/St_Johns", new Date("2026-01-15T12:00:00Z"))).toBe("-03:30");
    expect(calendarOffset("Asia/Kathmandu", new Date("2026-01-15T12:00:00Z"))).toBe("+05:45");
    expect(calendarOffset("UTC", new Date("2026-01-15T12:00:00Z"))).toBe("+00:00");
  });

  it("counts calendar days over month and year ends", () => {
    expect(nextDay("2026-11-30")).toBe("2026-12-01");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
  });
});
