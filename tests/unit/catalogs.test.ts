import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../contract/languages.ts";

const CATALOG_DIRS = ["src/i18n/messages", "contract/messages", "worker/platform/messages"];

const load = (dir: string, language: string) =>
  JSON.parse(readFileSync(join(dir, `${language}.json`), "utf8")) as Record<string, string>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe.each(CATALOG_DIRS)("message catalogs in %s", (dir) => {
  const catalogs = Object.fromEntries(LANGUAGES.map((language) => [language, load(dir, language)]));
  const allKeys = [...new Set(LANGUAGES.flatMap((language) => Object.keys(catalogs[language]!)))].sort();

  it.each(LANGUAGES)("%s has every key the others have, and no other", (language) => {
    const missing = allKeys.filter((key) => !(key in catalogs[language]!));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)("every %s message is non-empty, valid ICU", (language) => {
    for (const [key, text] of Object.entries(catalogs[language]!)) {
      expect(text.trim(), key).not.toBe("");
      expect(() => parse(text), key).not.toThrow();
    }
  });
});

describe("message ids used in code", () => {
  const known = new Set(CATALOG_DIRS.flatMap((dir) => Object.keys(load(dir, "en"))));
  // Literal ids: <FormattedMessage id="...">, formatMessage({ id: "..." }), the API's t("...")
  // and the contract's messages ({ error: "..." }, message: "...", error = "...").
  const ID_PATTERN = /(?:\bid[=:]\s*\{?\s*|\bt\(\s*|\b(?:error|message)(?::| =)\s*)"([a-zA-Z][\w.]+)"/g;

  it("exist in the catalogs", () => {
    const unknown: string[] = [];
    for (const file of [...sourceFiles("src"), ...sourceFiles("worker"), ...sourceFiles("contract")]) {
      for (const match of readFileSync(file, "utf8").matchAll(ID_PATTERN)) {
        if (match[1]!.includes(".") && !known.has(match[1]!)) unknown.push(`${file}: ${match[1]}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
