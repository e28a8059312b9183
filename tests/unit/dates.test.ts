import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { calendarDate, instant } from "../../contract/dates.ts";

const messageOf = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message ?? "ok";

describe("dates of requests", () => {
  it.each([
    ["2026-12-24", "ok"],
    ["2028-02-29", "ok"],
    ["2000-02-29", "ok"],
    ["2100-02-29", "validation.date.nonexistent"],
    ["2031-02-31", "validation.date.nonexistent"],
    ["2031-04-31", "validation.date.nonexistent"],
    ["2031-13-01", "validation.date.nonexistent"],
    ["2031-01-00", "validation.date.nonexistent"],
    ["2031-00-10", "validation.date.nonexistent"],
    ["0000-01-01", "validation.date.years"],
    ["1899-12-31", "validation.date.years"],
    ["3000-01-01", "validation.date.years"],
    ["24.12.2026", "validation.date"],
    ["2026-12-24T10:00", "validation.date"],
    [20261224, "validation.date"],
  ])("read the day %j as %s", (value, message) => {
    expect(messageOf(calendarDate("validation.date"), value)).toBe(message);
  });

  it.each([
    ["2026-11-23T14:00:00.000Z", "ok"],
    ["2026-11-23T15:00+01:00", "ok"],
    ["2026-11-23T19:30:00+05:30", "ok"],
    ["2026-11-23T08:30:00-05:30", "ok"],
    ["2031-02-31T10:00:00Z", "validation.date.nonexistent"],
    ["2026-11-23T24:00:00Z", "validation.date.nonexistent"],
    ["2026-11-23T10:60:00Z", "validation.date.nonexistent"],
    ["0000-01-01T00:00:00Z", "validation.date.years"],
    ["9999-12-31T23:59:59-05:00", "validation.date.years"],
    ["2026-11-23T10:00:00+99:00", "validation.start"],
    ["2026-11-23T10:00:00", "validation.start"],
    ["+275760-09-13T00:00:00Z", "validation.start"],
  ])("read the instant %j as %s", (value, message) => {
    expect(messageOf(instant("validation.start"), value)).toBe(message);
  });

  it("read an offset with its sign, as ISO 8601 has it", () => {
    const parsed = instant("validation.start").parse("2026-11-23T19:30:00+05:30");
    expect(new Date(parsed).toISOString()).toBe("2026-11-23T14:00:00.000Z");
  });
});
