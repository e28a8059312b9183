import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bookingShell } from "../../scripts/lib/booking-shells.ts";
import cs from "../../src/i18n/messages/cs.json";

describe("the booking page's shell", () => {
  it("is written in the page's language before any code runs", () => {
    const shell = bookingShell(readFileSync("book.html", "utf8"), "cs", cs);
    expect(shell).toContain('<html lang="cs">');
    expect(shell).toContain("<title>Online rezervace</title>");
    expect(shell).toContain(`<meta name="description" content="${cs["booking.shell.description"]}"`);
    expect(shell).toMatch(/<p [^>]*data-loading[^>]*>Načítám…<\/p>/);
    expect(shell).toContain('<div id="booking-root">');
  });

  it("keeps its words text, whatever they hold", () => {
    const shell = bookingShell(readFileSync("book.html", "utf8"), "en", { "booking.shell.title": 'Book "now" <here>' });
    expect(shell).toContain("<title>Book &quot;now&quot; &lt;here&gt;</title>");
  });
});
