import { describe, expect, it } from "vitest";
import { isTimeZone, offsetMinutes, wallTime, weekdayIndex, zonedInstant } from "../../contract/time-zone.ts";
import { countryOfZone, matching, zoneOption, zoneOptions } from "../../src/features/salon-settings/salon/time-zone-options.ts";

const PRAGUE = "Europe/Prague";

describe("salon time zone", () => {
  it("knows Prague's winter and summer offsets", () => {
    expect(offsetMinutes(new Date("2026-01-15T12:00:00Z"), PRAGUE)).toBe(60);
    expect(offsetMinutes(new Date("2026-07-15T12:00:00Z"), PRAGUE)).toBe(120);
  });

  it("turns wall-clock times into instants on both sides of a change", () => {
    // 29 March 2026: clocks go from 02:00 to 03:00 in Prague.
    expect(zonedInstant({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }, PRAGUE).toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(zonedInstant({ year: 2026, month: 3, day: 29, hour: 9, minute: 0 }, PRAGUE).toISOString()).toBe("2026-03-29T07:00:00.000Z");
    // 25 October 2026: 03:00 back to 02:00; 02:30 happens twice, the first is taken.
    expect(zonedInstant({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, PRAGUE).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(zonedInstant({ year: 2026, month: 10, day: 25, hour: 9, minute: 0 }, PRAGUE).toISOString()).toBe("2026-10-25T08:00:00.000Z");
  });

  it("moves a time skipped in spring to after the change", () => {
    const skipped = zonedInstant({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, PRAGUE);
    expect(wallTime(skipped, PRAGUE)).toMatchObject({ hour: 3, minute: 30 });
  });

  it("counts weekdays from Monday", () => {
    expect(weekdayIndex(2026, 11, 23)).toBe(0); // a Monday
    expect(weekdayIndex(2026, 11, 29)).toBe(6);
  });

  it("takes zone names, never offsets, which PostgreSQL would read with the opposite sign", () => {
    for (const zone of ["Europe/Prague", "America/Argentina/Buenos_Aires", "UTC", "Etc/GMT+5", "Asia/Kolkata"]) expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ["+05:30", "-05:30", "+0530", "Mars/Olympus", "", "Europe/Prague\u0000", "a".repeat(65)]) expect(isTimeZone(zone), zone).toBe(false);
  });
});

describe("time zones as the owner picks them", () => {
  it("names a zone with its offset, its city and, in the reader's language, its time and country", () => {
    const winter = new Date("2026-01-15T12:00:00Z");
    expect(zoneOption(PRAGUE, "cs", winter)).toMatchObject({ label: "(UTC+01:00) Prague", detail: "středoevropský čas · Česko", offset: 60 });
    expect(zoneOption(PRAGUE, "de", new Date("2026-07-15T12:00:00Z"))).toMatchObject({ label: "(UTC+02:00) Prague", offset: 120 });
    expect(zoneOption("America/Argentina/Buenos_Aires", "en", winter).label).toBe("(UTC−03:00) Buenos Aires");
    expect(zoneOption("Asia/Kolkata", "en", winter).label).toBe("(UTC+05:30) Kolkata");
  });

  it("knows the country of a zone, also under its older name", () => {
    expect(countryOfZone(PRAGUE)).toBe("CZ");
    expect(countryOfZone("America/New_York")).toBe("US");
    expect(countryOfZone("Asia/Kolkata")).toBe(countryOfZone("Asia/Calcutta"));
    expect(countryOfZone("Asia/Kolkata")).toBe("IN");
  });

  it("lists the salon's country first, then every other zone by offset", () => {
    const { countryName, first, rest } = zoneOptions("en", { country: "US", extra: ["UTC"] });
    expect(countryName).toBe("United States");
    expect(first.map((option) => option.zone)).toContain("America/New_York");
    expect(first.every((option) => countryOfZone(option.zone) === "US")).toBe(true);
    expect(rest.map((option) => option.offset)).toEqual([...rest.map((option) => option.offset)].sort((a, b) => a - b));
    expect(rest.some((option) => option.zone === "UTC")).toBe(true);
    expect(first.length + rest.length).toBeGreaterThan(400);
  });

  it("finds zones by city, country, the zone's own name and the offset as typed", () => {
    const { first, rest } = zoneOptions("cs", {});
    const all = [...first, ...rest];
    const zones = (query: string) => matching(all, query).map((option) => option.zone);
    expect(zones("cesko")).toEqual([PRAGUE]);
    expect(zones("new york")).toEqual(["America/New_York"]);
    // Intl lists India's zone as Asia/Kolkata or, in older data, Asia/Calcutta.
    expect(zones("utc+5:30").some((zone) => countryOfZone(zone) === "IN")).toBe(true);
    expect(zones("")).toHaveLength(all.length);
  });
});
