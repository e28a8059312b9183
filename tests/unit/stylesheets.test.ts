import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Tailwind writes a class only when a file its stylesheet scans uses it: a feature folder on
// neither list would render unstyled.
const sources = (sheet: string) =>
  [...readFileSync(`src/${sheet}`, "utf8").matchAll(/@source "\.\/features\/([\w-]+)";/g)].map((match) => match[1]);

describe("the stylesheets", () => {
  it("scan every feature folder, each with the pages it belongs to", () => {
    const site = sources("index.css");
    const dashboard = sources("dashboard.css");
    const features = readdirSync("src/features", { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(features.filter((feature) => !site.includes(feature) && !dashboard.includes(feature))).toEqual([]);
    expect(site.filter((feature) => dashboard.includes(feature))).toEqual([]);
  });
});
