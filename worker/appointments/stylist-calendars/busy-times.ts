import ICAL from "ical.js";
import { isTimeZone, zonedInstant } from "../../../contract/time-zone.ts";
import type { BusyTime } from "../../data/stylist-calendars.ts";


type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

/**
 * Occurrences read of one recurring series, and of the whole file, before reading stops,
 * whatever the rules say: a weekly meeting since 2005 is about a thousand, a daily one some
 * seven thousand, both from their first day on, as rules are read.
 */
const STEPS_PER_SERIES = 20_000;
const STEPS_PER_FILE = 200_000;

/** Not an iCalendar file: the address serves something else. */
export class NotACalendar extends Error {}

/**
 * The busy times of an iCalendar file (RFC 5545) between two instants, recurring events
 * expanded (RRULE, RDATE, EXDATE and moved occurrences) by ical.js, at most `limit`, in order.
 * Events marked free (TRANSP:TRANSPARENT) or cancelled are not busy; a day-long event takes
 * the whole day on the salon's clock, as does a time without a zone ("floating").
 */
export function busyTimes(text: string, { from, until, timeZone, limit }: { from: Date; until: Date; timeZone: string; limit: number }): BusyTime[] {
  let calendar: Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw new NotACalendar();
  }
  if (calendar.name !== "vcalendar") throw new NotACalendar();

  // Zones the file defines itself (Outlook names them its own way), read from the file alone.
  const zones = new Map(
    calendar.getAllSubcomponents("vtimezone").map((zone) => [String(zone.getFirstPropertyValue("tzid")), new ICAL.Timezone(zone)] as const),
  );
  const instant = (time: Time, tzid: string | null): number => {
    const wall = { year: time.year, month: time.month, day: time.day, hour: time.isDate ? 0 : time.hour, minute: time.isDate ? 0 : time.minute };
    if (time.isDate) return zonedInstant(wall, timeZone).getTime();
    if (time.zone?.tzid === "UTC") return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
    if (tzid && isTimeZone(tzid)) return zonedInstant(wall, tzid).getTime();
    const own = tzid ? zones.get(tzid) : undefined;
    if (own) return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second) - own.utcOffset(time) * 1000;
    return zonedInstant(wall, timeZone).getTime();
  };
  const zoneOf = (event: InstanceType<typeof ICAL.Event>, name: "dtstart" | "dtend") => {
    const property = event.component.getFirstProperty(name) ?? event.component.getFirstProperty("dtstart");
    const tzid = property?.getParameter("tzid");
    return typeof tzid === "string" ? tzid : null;
  };

  const busy: BusyTime[] = [];
  const lower = from.getTime();
  const upper = until.getTime();
  const keep = (event: InstanceType<typeof ICAL.Event>, start: Time, end: Time) => {
    // A day without an end lasts the day (RFC 5545, 3.6.1).
    let last = end;
    if (start.isDate && end.compare(start) <= 0) {
      last = start.clone();
      last.adjust(1, 0, 0, 0);
    }
    const item = { start: instant(start, zoneOf(event, "dtstart")), end: instant(last, zoneOf(event, "dtend")) };
    const free = String(event.component.getFirstPropertyValue("transp") ?? "").toUpperCase() === "TRANSPARENT";
    const cancelled = String(event.component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";
    if (!free && !cancelled && item.end > item.start && item.end > lower && item.start < upper) busy.push(item);
  };

  const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
  let steps = 0;
  const series = new Set(events.filter((event) => event.isRecurring() && !event.isRecurrenceException()).map((event) => event.uid));
  for (const event of events) {
    if (!event.startDate) continue;
    // A moved occurrence is read through its series, which knows it; one whose series the file lacks stands alone.
    if (event.isRecurrenceException() && series.has(event.uid)) continue;
    if (!event.isRecurring() || event.isRecurrenceException()) {
      keep(event, event.startDate, event.endDate ?? event.startDate);
      continue;
    }
    const occurrences = event.iterator();
    for (let count = 0; count < STEPS_PER_SERIES && steps < STEPS_PER_FILE; count++, steps++) {
      const next = occurrences.next();
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      if (instant(details.startDate, zoneOf(details.item, "dtstart")) >= upper) break;
      keep(details.item, details.startDate, details.endDate);
    }
  }
  return busy.sort((a, b) => a.start - b.start).slice(0, limit);
}
