import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Tailwind writes a class only when a file its stylesheet scans uses it: a feature folder on
// no list would render unstyled.
const sources = (sheet: string) =>
  [...readFileSync(`src/${sheet}`, "utf8").matchAll(/@source "\.\/features\/([\w-]+)";/g)].map((match) => match[1]);

describe("the stylesheets", () => {
  it("scan every feature folder, each with the pages it belongs to", () => {
    const sheets = ["index.css", "dashboard.css", "booking.css"].map(sources);
    const features = readdirSync("src/features", { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(features.filter((feature) => sheets.filter((sheet) => sheet.includes(feature)).length !== 1)).toEqual([]);
  });

  it("give the booking page, a build of its own, its own folder alone", () => {
    expect(sources("booking.css")).toEqual(["booking"]);
  });
});
