import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES, type Language } from "../../contract/languages.ts";

/** The booking page's built entry: the shell every language's copy is made from. */
export const BOOKING_ENTRY = "book.html";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The shell in one language: its `lang`, title, description and loading line, so it paints in that language before any code runs. */
export function bookingShell(template: string, language: Language, messages: Record<string, string>): string {
  const text = (id: string) => escapeHtml(messages[id] ?? "");
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${text("booking.shell.title")}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${text("booking.shell.description")}"`)
    .replace(/(<p [^>]*data-loading[^>]*>)[^<]*(<\/p>)/, `$1${text("booking.page.loading")}$2`);
}

/**
 * Writes `{lang}/book.html` for every language beside the build, which the assets serve at
 * `/{lang}/book` and the Worker answers for `/{lang}/book/{slug}`; the language-less entry goes.
 */
export function writeBookingShells(outDir: string, catalogDir: string) {
  const entry = join(outDir, BOOKING_ENTRY);
  const template = readFileSync(entry, "utf8");
  for (const language of LANGUAGES) {
    const messages = JSON.parse(readFileSync(join(catalogDir, `${language}.json`), "utf8")) as Record<string, string>;
    mkdirSync(join(outDir, language), { recursive: true });
    writeFileSync(join(outDir, language, BOOKING_ENTRY), bookingShell(template, language, messages));
  }
  rmSync(entry);
}
