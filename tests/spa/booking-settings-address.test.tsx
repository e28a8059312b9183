import { describe, expect, it } from "vitest";
import { BOOKING_SLUG } from "../../contract/booking-page.ts";
import { embedSnippet, suggestSlug } from "../../src/features/salon-settings/online-booking/booking-page-address.ts";

describe("the booking page's address", () => {
  it.each([
    ["Salon Bella", "salon-bella"],
    ["Kadeřnictví Šárka & Co.", "kadernictvi-sarka-co"],
    ["  Haar*Werk  Köln ", "haar-werk-koln"],
    // Too long: cut after the last whole word that fits.
    ["Haarstudio Müller-Lüdenscheidt und Söhne Friseurmeister am Marktplatz", "haarstudio-muller-ludenscheidt-und-sohne"],
    // Too short: still an address the page accepts.
    ["Jo", "jo-salon"],
    ["", ""],
    ["★★★", ""],
  ])("is suggested from %j as %j", (name, slug) => {
    expect(suggestSlug(name)).toBe(slug);
    if (slug) expect(slug).toMatch(BOOKING_SLUG);
  });

  it("is embedded with the salon's name in the frame's title, its markup escaped", () => {
    expect(embedSnippet("https://recepta.example/de/book/bella", 'Online-Buchung bei "Bella" & Co <3')).toBe(
      '<iframe src="https://recepta.example/de/book/bella" title="Online-Buchung bei &quot;Bella&quot; &amp; Co &lt;3" loading="lazy" style="width:100%;min-height:720px;border:0"></iframe>',
    );
  });
});
