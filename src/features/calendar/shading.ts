import type { Calendar } from "@event-calendar/core";
import { CALENDAR } from "../../../contract/appointments.ts";
import { breakOf, shiftsOf, timeOffOn, weekdayOf, workdayOf, type Period } from "../../../contract/opening-hours.ts";
import { minutesOf } from "../../../contract/time-zone.ts";
import type { BusinessHours, Stylist } from "../../../contract/salon.ts";
import { nextDay } from "./salon-time.ts";

/** Why a stretch of a column is shaded; each kind has its own look and label. */
export type ShadeKind = "closed" | "dayOff" | "timeOff" | "notWorking" | "break";

export interface ShadingInput {
  /** The calendar days on screen, "2026-11-23". */
  days: readonly string[];
  /** The salon's opening hours, when that shading is on. */
  businessHours: BusinessHours | null;
  /** The stylists whose off times to shade, when that shading is on. */
  stylists: readonly Stylist[] | null;
  /** Every column on screen: the salon's closed hours shade them all. */
  columns: readonly string[];
  /**
   * Month and year views have a cell per day and no hours: only whole days (closed, day off,
   * time off) are shaded there, as all-day events.
   */
  wholeDaysOnly: boolean;
  label: (kind: ShadeKind, note?: string | null) => string;
}

const DAY = { from: CALENDAR.slotMinTime, to: CALENDAR.slotMaxTime };

/** The parts of the calendar's day (06:00-20:00) outside [open, close]. */
function outside(open: string, close: string): Period[] {
  return [
    { from: DAY.from, to: open },
    { from: close, to: DAY.to },
  ];
}

/**
 * Background events that shade the salon's closed hours and each stylist's time away
 * (day off, time off, before and after work, the lunch break). They carry a label and a
 * pattern, so the shading does not rely on colour alone.
 */
export function shadingEvents({ days, businessHours, stylists, columns, wholeDaysOnly, label }: ShadingInput): Calendar.EventInput[] {
  const events: Calendar.EventInput[] = [];
  const add = (day: string, kind: ShadeKind, resourceIds: readonly string[], period: Period | null, note?: string | null) => {
    if (period === null) {
      events.push(
        wholeDaysOnly
          ? { start: day, end: nextDay(day), allDay: true, ...shade(kind, resourceIds, label(kind, note)) }
          : { start: `${day}T${DAY.from}`, end: `${day}T${DAY.to}`, ...shade(kind, resourceIds, label(kind, note)) },
      );
      return;
    }
    // Clipped to the calendar's hours; what is left of a period may be nothing.
    const from = minutesOf(period.from) < minutesOf(DAY.from) ? DAY.from : period.from;
    const to = minutesOf(period.to) > minutesOf(DAY.to) ? DAY.to : period.to;
    if (!wholeDaysOnly && minutesOf(from) < minutesOf(to)) {
      events.push({ start: `${day}T${from}`, end: `${day}T${to}`, ...shade(kind, resourceIds, label(kind, note)) });
    }
  };

  for (const day of days) {
    const weekday = weekdayOf(day);
    if (businessHours && columns.length) {
      const hours = businessHours[weekday];
      if (!hours) add(day, "closed", columns, null);
      else for (const period of outside(hours.open, hours.close)) add(day, "closed", columns, period);
    }
    for (const stylist of stylists ?? []) {
      const ids = [stylist.id];
      const away = timeOffOn(stylist, day);
      const hours = stylist.working_hours[weekday];
      if (away) add(day, "timeOff", ids, null, away.note);
      else if (!hours) add(day, "dayOff", ids, null);
      else {
        const shifts = shiftsOf(hours);
        const workday = workdayOf(shifts);
        if (workday) for (const period of outside(workday.from, workday.to)) add(day, "notWorking", ids, period);
        const pause = breakOf(shifts);
        if (pause) add(day, "break", ids, pause);
      }
    }
  }
  return events;
}

function shade(kind: ShadeKind, resourceIds: readonly string[], title: string) {
  return { display: "background" as const, resourceIds: [...resourceIds], title, classNames: ["shade", `shade-${kind}`] };
}
