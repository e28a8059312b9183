import { describe, expect, it } from "vitest";
import { periodRange } from "../../worker/calls/history/periods.ts";

const iso = (range: { from: Date; to: Date }) => [range.from.toISOString(), range.to.toISOString()];

describe("the stats periods", () => {
  // Sunday 29 March 2026, 14:00 in Prague: the clocks went forward at 02:00 that night.
  const springForward = new Date("2026-03-29T12:00:00Z");

  it("run from the salon's midnight to its next midnight, 23 hours on the day the clocks go forward", () => {
    const today = periodRange("today", "Europe/Prague", springForward);
    expect(iso(today)).toEqual(["2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]);
    expect(today.days).toEqual(["2026-03-29"]);
  });

  it("start the week on Monday and end it after Sunday", () => {
    const week = periodRange("this_week", "Europe/Prague", springForward);
    expect(iso(week)).toEqual(["2026-03-22T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]);
    expect(week.days).toEqual(["2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27", "2026-03-28", "2026-03-29"]);
    // On a Monday the week is that day and the six after it.
    const monday = periodRange("this_week", "Europe/Prague", new Date("2026-11-23T08:00:00Z"));
    expect(monday.days[0]).toBe("2026-11-23");
    expect(monday.days).toHaveLength(7);
  });

  it("take the month from the 1st to its last day, and the last 30 days up to today", () => {
    const month = periodRange("this_month", "Europe/Prague", springForward);
    expect(iso(month)).toEqual(["2026-02-28T23:00:00.000Z", "2026-03-31T22:00:00.000Z"]);
    expect(month.days).toHaveLength(31);
    const february = periodRange("this_month", "Europe/Prague", new Date("2028-02-10T12:00:00Z"));
    expect(february.days).toHaveLength(29);
    const last30 = periodRange("last_30_days", "Europe/Prague", springForward);
    expect(last30.days[0]).toBe("2026-02-28");
    expect(last30.days[29]).toBe("2026-03-29");
    expect(iso(last30)).toEqual(["2026-02-27T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]);
  });

  it("read today on the salon's clock, not the server's", () => {
    // 16:30 UTC on 22 November is already 01:30 on the 23rd in Tokyo, and still the 22nd in New York.
    const instant = new Date("2026-11-22T16:30:00Z");
    expect(periodRange("today", "Asia/Tokyo", instant).days).toEqual(["2026-11-23"]);
    expect(iso(periodRange("today", "Asia/Tokyo", instant))).toEqual(["2026-11-22T15:00:00.000Z", "2026-11-23T15:00:00.000Z"]);
    expect(iso(periodRange("today", "America/New_York", instant))).toEqual(["2026-11-22T05:00:00.000Z", "2026-11-23T05:00:00.000Z"]);
    // New Year's Eve in Kiritimati (UTC+14) while it is still the 30th in UTC.
    const year = periodRange("this_month", "Pacific/Kiritimati", new Date("2026-12-30T11:00:00Z"));
    expect(year.days[year.days.length - 1]).toBe("2026-12-31");
  });

  it("last 25 hours on the day the clocks go back", () => {
    const autumn = periodRange("today", "Europe/Prague", new Date("2026-10-25T12:00:00Z"));
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
  });
});
