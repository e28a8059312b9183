import ical, { escape, ICalEventStatus, ICalEventTransparency, type ICalEventData } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { addDays, wallTime } from "../../../contract/time-zone.ts";
import type { FeedAppointment, FeedContents, FeedTimeOff } from "../../data/calendar-feeds.ts";
import { translator } from "../../platform/messages/index.ts";

/**
 * The feed's wall-clock time as ical-generator reads it: for an event with a zone, it writes a
 * plain Date's local fields after TZID. The Workers runtime's own zone is always UTC, so a
 * Date whose UTC fields are the salon's wall clock prints as that wall clock.
 */
function salonWallClock(instant: Date, timeZone: string): Date {
  const wall = wallTime(instant, timeZone);
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));
}

/** The zone's VTIMEZONE, from the IANA database as the library ships it; none for a zone it lacks. */
function vtimezone(timeZone: string): string | null {
  const [block] = tzlib_get_ical_block(timeZone);
  return block || null;
}

/** A calendar day as an all-day event's date: written from its UTC fields, with no zone. */
const calendarDay = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * A feed as iCalendar (RFC 5545). Each event's DTSTAMP is the appointment's last change, so
 * the same appointments give the same text, byte for byte, and the ETag holds between fetches.
 */
export function feedCalendar({ salon, stylist, appointments, timeOff }: FeedContents, host: string): string {
  const t = translator(salon.language);
  const event = (appointment: FeedAppointment): ICalEventData => {
    const services = appointment.services.join(", ");
    const client = appointment.customer_name ?? t("calendarFeeds.event.noName");
    const details = [
      appointment.customer_phone && t("calendarFeeds.event.phone", { phone: appointment.customer_phone }),
      stylist ? null : t("calendarFeeds.event.stylist", { name: appointment.stylist_name }),
      appointment.notes,
    ];
    return {
      id: `${appointment.id}@${host}`,
      start: salonWallClock(appointment.start_at, salon.time_zone),
      end: salonWallClock(appointment.end_at, salon.time_zone),
      timezone: salon.time_zone,
      stamp: appointment.updated_at,
      summary: [services, client, stylist ? null : appointment.stylist_name].filter(Boolean).join(" · "),
      description: details.filter(Boolean).join("\n") || null,
      status: ICalEventStatus.CONFIRMED,
    };
  };
  const away = (entry: FeedTimeOff): ICalEventData => ({
    id: `time-off-${entry.stylist_id}-${entry.start_date}@${host}`,
    allDay: true,
    start: calendarDay(entry.start_date),
    // An all-day event ends on the day after its last.
    end: calendarDay(addDays(entry.end_date, 1)),
    stamp: entry.updated_at,
    summary: [t("calendarFeeds.event.timeOff"), stylist ? null : entry.stylist_name].filter(Boolean).join(" · "),
    description: entry.note,
    transparency: ICalEventTransparency.OPAQUE,
  });
  // No calendar-wide zone: ical-generator would write DTSTAMP in it, and DTSTAMP must be UTC.
  // The generator still adds a VTIMEZONE for the zone the events name.
  const calendar = ical({
    // The library writes the name as given; a comma or semicolon in it must be escaped.
    name: escape(stylist ? `${salon.name}: ${stylist}` : salon.name, false),
    prodId: { company: "Recepta", product: "Calendar feed", language: salon.language.toUpperCase() },
    timezone: { name: null, generator: vtimezone },
    x: { "X-WR-TIMEZONE": salon.time_zone },
    events: [...appointments.map(event), ...timeOff.map(away)],
  });
  // Every content line ends in CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}
