import { describe, expect, it } from "vitest";
import type { Appointment } from "../../contract/appointments.ts";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_WORKING_HOURS, type Stylist } from "../../contract/salon.ts";
import { calendarColumns, readableColors } from "../../src/features/calendar/calendar-events.ts";
import { shadingEvents, type ShadeKind } from "../../src/features/calendar/shading.ts";

const jana: Stylist = {
  id: "st-1",
  first_name: "Jana",
  last_name: "Nováková",
  email: null,
  phone: null,
  working_hours: DEFAULT_WORKING_HOURS,
  time_off: [{ start_date: "2026-11-25", end_date: "2026-11-26", note: "Course" }],
  is_active: true,
  color: "#3788d8",
};

const label = (kind: ShadeKind, note?: string | null) => (note ? `${kind}: ${note}` : kind);
const periods = (events: ReturnType<typeof shadingEvents>) => events.map((event) => [event.title, event.resourceIds, event.start, event.end]);

describe("calendar shading", () => {
  it("shades the salon's closed hours in every column, and a closed day whole", () => {
    const events = shadingEvents({
      days: ["2026-11-23", "2026-11-29"], // Monday, Sunday
      businessHours: { ...DEFAULT_BUSINESS_HOURS, "6": null },
      stylists: null,
      columns: ["st-1", "st-2"],
      wholeDaysOnly: false,
      label,
    });
    expect(periods(events)).toEqual([
      ["closed", ["st-1", "st-2"], "2026-11-23T06:00", "2026-11-23T09:00"],
      ["closed", ["st-1", "st-2"], "2026-11-23T18:00", "2026-11-23T20:00"],
      ["closed", ["st-1", "st-2"], "2026-11-29T06:00", "2026-11-29T20:00"],
    ]);
    expect(events.every((event) => event.display === "background")).toBe(true);
  });

  it("shades a stylist's time before and after work, the lunch break, a day off and time off", () => {
    const events = shadingEvents({
      days: ["2026-11-23", "2026-11-25", "2026-11-29"], // Monday, Wednesday (time off), Sunday (off)
      businessHours: null,
      stylists: [jana],
      columns: ["st-1"],
      wholeDaysOnly: false,
      label,
    });
    expect(periods(events)).toEqual([
      ["notWorking", ["st-1"], "2026-11-23T06:00", "2026-11-23T09:00"],
      ["notWorking", ["st-1"], "2026-11-23T17:00", "2026-11-23T20:00"],
      ["break", ["st-1"], "2026-11-23T13:00", "2026-11-23T14:00"],
      ["timeOff: Course", ["st-1"], "2026-11-25T06:00", "2026-11-25T20:00"],
      ["dayOff", ["st-1"], "2026-11-29T06:00", "2026-11-29T20:00"],
    ]);
  });

  it("reads the older one-shift shape and clips hours to the calendar's day", () => {
    const oneShift = { working: true as const, morning_start: "05:00", morning_end: null, afternoon_start: null, afternoon_end: "16:00" };
    const early = { ...jana, time_off: [], working_hours: { ...DEFAULT_WORKING_HOURS, "0": oneShift } };
    const events = shadingEvents({ days: ["2026-11-23"], businessHours: null, stylists: [early], columns: ["st-1"], wholeDaysOnly: false, label });
    expect(periods(events)).toEqual([["notWorking", ["st-1"], "2026-11-23T16:00", "2026-11-23T20:00"]]);
  });

  it("shades only whole days, as all-day cells, in month and year views", () => {
    const events = shadingEvents({
      days: ["2026-11-23", "2026-11-29"],
      businessHours: DEFAULT_BUSINESS_HOURS,
      stylists: [jana],
      columns: ["st-1"],
      wholeDaysOnly: true,
      label,
    });
    expect(events.map((event) => [event.title, event.start, event.end, event.allDay])).toEqual([["dayOff", "2026-11-29", "2026-11-30", true]]);
  });
});

describe("calendar columns", () => {
  const booked = (stylist: string | null, stylist_name: string) => ({ stylist, stylist_name }) as Appointment;
  const labels = { inactive: (name: string) => `${name} (inactive)`, former: (name: string) => `${name} (former)` };

  it("has one per active stylist, and keeps the appointments of others visible", () => {
    const petr = { ...jana, id: "st-2", first_name: "Petr", last_name: "Svoboda", is_active: false };
    const eva = { ...jana, id: "st-3", first_name: "Eva", last_name: "Malá", is_active: false };
    expect(calendarColumns([jana, petr, eva], [], labels)).toEqual([{ id: "st-1", title: "Jana Nováková", short: "Jana", bookable: true }]);
    expect(calendarColumns([jana, petr, eva], [booked("st-2", "Petr Svoboda"), booked(null, "Karel Velký")], labels)).toEqual([
      { id: "st-1", title: "Jana Nováková", short: "Jana", bookable: true },
      { id: "st-2", title: "Petr Svoboda (inactive)", short: "Petr", bookable: true },
      { id: "former:Karel Velký", title: "Karel Velký (former)", short: "Karel Velký (former)", bookable: false },
    ]);
  });

  it("tells two stylists of the same first name apart in the week's short labels", () => {
    const other = { ...jana, id: "st-2", last_name: "Horáková" };
    expect(calendarColumns([jana, other], [], labels).map((column) => column.short)).toEqual(["Jana N.", "Jana H."]);
  });
});

describe("event colours", () => {
  it("keep the service colour with whichever of dark and white text has more contrast", () => {
    expect(readableColors("#fde047")).toEqual({ background: "#fde047", text: "#0f172a" });
    // The default blue: 4.9:1 with dark text, 3.7:1 with white.
    expect(readableColors("#3788d8")).toEqual({ background: "#3788d8", text: "#0f172a" });
    expect(readableColors("#1d4ed8")).toEqual({ background: "#1d4ed8", text: "#ffffff" });
    expect(readableColors("#e11d48")).toEqual({ background: "#e11d48", text: "#ffffff" });
  });

  it("darken a mid tone on which neither text reaches 4.5:1, just enough for white", () => {
    // #7f7f7f: 4.0:1 with white, 4.1:1 with dark text.
    const { background, text } = readableColors("#7f7f7f");
    expect(text).toBe("#ffffff");
    expect(background).not.toBe("#7f7f7f");
    expect(Number.parseInt(background.slice(1, 3), 16)).toBeGreaterThan(0x6c);
  });
});
