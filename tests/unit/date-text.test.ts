import { describe, expect, it } from "vitest";
import { addDays, dateConvention, datePattern, readDate, showDate } from "../../src/lib/forms/date-text.ts";
import { timeConvention } from "../../src/lib/forms/time-text.ts";

const TODAY = new Date(2026, 10, 26, 12);
const american = dateConvention("en", ["en-US"]);
const german = dateConvention("de", ["en-US"]);
const czech = dateConvention("cs", ["en-US"]);
const read = (text: string, { order }: { order: Parameters<typeof readDate>[1] }) => readDate(text, order, TODAY);

describe("dates typed the language's way", () => {
  it.each([
    ["11/26/2026", "2026-11-26"],
    ["1/6/2026", "2026-01-06"],
    ["11/26/26", "2026-11-26"],
    ["11/26", "2026-11-26"],
    [" 2/29/2028 ", "2028-02-29"],
    ["2026-11-26", "2026-11-26"],
    ["26/11/2026", null],
    ["2/29/2027", null],
    ["11/26/202", null],
    ["tomorrow", null],
    ["11/26/2026 9:00", null],
  ])("American English reads %j as %j", (text, date) => {
    expect(read(text, american)).toBe(date);
  });

  it.each([
    ["26.11.2026", "2026-11-26"],
    ["6.1.2026", "2026-01-06"],
    ["26.11.26", "2026-11-26"],
    ["26.11.", "2026-11-26"],
    ["26.11", "2026-11-26"],
    ["26. 11. 2026", "2026-11-26"],
    ["2026-11-26", "2026-11-26"],
    ["11/26/2026", null],
    ["31.4.2026", null],
    ["26.11.1899", null],
  ])("German reads %j as %j", (text, date) => {
    expect(read(text, german)).toBe(date);
  });

  it.each([
    ["26. 11. 2026", "2026-11-26"],
    ["26.11.2026", "2026-11-26"],
    ["6. 1.", "2026-01-06"],
    ["26 11 2026", "2026-11-26"],
    ["2026-11-26", "2026-11-26"],
    ["2026-02-30", null],
    ["32. 1. 2026", null],
  ])("Czech reads %j as %j", (text, date) => {
    expect(read(text, czech)).toBe(date);
  });

  it("shows a date as each language writes it, and other text as it is", () => {
    expect(showDate("2026-11-26", "en-US")).toBe("11/26/2026");
    expect(showDate("2026-11-26", "en-GB")).toBe("26/11/2026");
    expect(showDate("2026-11-26", german.locale)).toBe("26.11.2026");
    expect(showDate("2026-11-26", czech.locale)).toBe("26. 11. 2026");
    expect(showDate("26.13.", german.locale)).toBe("26.13.");
    // Whatever it shows reads back as the same date.
    for (const { locale, order } of [american, german, czech]) expect(readDate(showDate("2027-01-06", locale), order)).toBe("2027-01-06");
  });

  it("names the format with the reader's letters, and follows the interface's language, not the browser's", () => {
    expect(datePattern(american.locale, { day: "DD", month: "MM", year: "YYYY" })).toBe("MM/DD/YYYY");
    expect(datePattern(german.locale, { day: "TT", month: "MM", year: "JJJJ" })).toBe("TT.MM.JJJJ");
    expect(datePattern(czech.locale, { day: "DD", month: "MM", year: "RRRR" })).toBe("DD. MM. RRRR");
    expect(dateConvention("en", ["de-DE", "en-GB"]).order).toEqual(["day", "month", "year"]);
    expect(german.locale).toBe("de");
    expect(timeConvention("de", ["en-US"])).toEqual({ locale: "de", hour12: false });
    expect(timeConvention("en", ["en-US"])).toEqual({ locale: "en-US", hour12: true });
  });

  it("steps a day across months and years", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
  });
});
