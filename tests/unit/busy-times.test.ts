import { describe, expect, it } from "vitest";
import { busyTimes, NotACalendar } from "../../worker/appointments/stylist-calendars/busy-times.ts";

const file = (...lines: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//EN", ...lines, "END:VCALENDAR", ""].join("\r\n");
const event = (uid: string, ...lines: string[]) => ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20260101T000000Z", ...lines, "END:VEVENT"];
// Outlook names zones its own way and defines them in the file.
const OUTLOOK_ZONE = [
  "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time",
  "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
  "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
  "END:VTIMEZONE",
];
const window = { from: new Date("2027-01-01T00:00:00Z"), until: new Date("2027-12-31T00:00:00Z"), timeZone: "Europe/Prague", limit: 100 };
const iso = (busy: { start: number; end: number }[]) => busy.map(({ start, end }) => [new Date(start).toISOString(), new Date(end).toISOString()]);

describe("busy times read from an iCalendar file", () => {
  it("reads local times by the zone named, the file's own zones too, either side of a clock change", () => {
    const busy = busyTimes(
      file(
        ...OUTLOOK_ZONE,
        ...event("winter", "DTSTART;TZID=W. Europe Standard Time:20270115T100000", "DTEND;TZID=W. Europe Standard Time:20270115T110000"),
        ...event("summer", "DTSTART;TZID=W. Europe Standard Time:20270615T100000", "DTEND;TZID=W. Europe Standard Time:20270615T110000"),
        ...event("new-york", "DTSTART;TZID=America/New_York:20270301T090000", "DTEND;TZID=America/New_York:20270301T093000"),
        // No zone: the salon's clock.
        ...event("floating", "DTSTART:20270401T080000", "DTEND:20270401T090000"),
      ),
      window,
    );
    expect(iso(busy)).toEqual([
      ["2027-01-15T09:00:00.000Z", "2027-01-15T10:00:00.000Z"],
      ["2027-03-01T14:00:00.000Z", "2027-03-01T14:30:00.000Z"],
      ["2027-04-01T06:00:00.000Z", "2027-04-01T07:00:00.000Z"],
      ["2027-06-15T08:00:00.000Z", "2027-06-15T09:00:00.000Z"],
    ]);
  });

  it("expands a rule without end only up to the window's end, and keeps to the limit", () => {
    const rule = file(...event("daily", "DTSTART;TZID=Europe/Prague:20261201T090000", "DURATION:PT30M", "RRULE:FREQ=DAILY"));
    const busy = busyTimes(rule, { ...window, until: new Date("2027-01-04T00:00:00Z") });
    expect(iso(busy)).toEqual([1, 2, 3].map((day) => [`2027-01-0${day}T08:00:00.000Z`, `2027-01-0${day}T08:30:00.000Z`]));
    expect(busyTimes(rule, { ...window, limit: 5 })).toHaveLength(5);
    // A weekly meeting for twenty years is read up to the window, and found in it.
    const meeting = file(...event("weekly", "DTSTART;TZID=Europe/Prague:20070105T140000", "DURATION:PT1H", "RRULE:FREQ=WEEKLY"));
    expect(iso(busyTimes(meeting, { ...window, until: new Date("2027-01-09T00:00:00Z") }))).toEqual([
      ["2027-01-01T13:00:00.000Z", "2027-01-01T14:00:00.000Z"],
      ["2027-01-08T13:00:00.000Z", "2027-01-08T14:00:00.000Z"],
    ]);
  });

  it("lets a day without an end last the day, keeps a moved occurrence whose series is missing, and refuses what is no calendar", () => {
    const busy = busyTimes(
      file(
        ...event("day", "DTSTART;VALUE=DATE:20270210"),
        ...event("lone", "RECURRENCE-ID:20270301T090000Z", "DTSTART:20270302T090000Z", "DTEND:20270302T100000Z"),
      ),
      window,
    );
    expect(iso(busy)).toEqual([
      ["2027-02-09T23:00:00.000Z", "2027-02-10T23:00:00.000Z"],
      ["2027-03-02T09:00:00.000Z", "2027-03-02T10:00:00.000Z"],
    ]);
    expect(() => busyTimes("<html>Sign in</html>", window)).toThrow(NotACalendar);
    expect(() => busyTimes("BEGIN:VCARD\r\nEND:VCARD\r\n", window)).toThrow(NotACalendar);
  });
});
