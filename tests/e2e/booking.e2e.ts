import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { BOOKING_DEFAULTS, type BookingPageView, type BookingSettingsInput, type BookingTimes } from "../../contract/booking-page.ts";
import { OUTREACH_DEFAULTS } from "../../contract/outreach.ts";
import { dayOf } from "../../contract/time-zone.ts";
import { accessibilityProblems } from "./axe.ts";
import { baseUrl, screenshot, useBrowser, VIEWPORTS } from "./browser.ts";
import { api, signedInOwner } from "./call-api.ts";
import { sql } from "./database.ts";
import { logIn } from "./owner.ts";

// A salon's site embeds the page from the internet; here both live on this machine, where
// Chromium's local-network checks would stop a page from one local origin framing another.
const browser = useBrowser(["--disable-features=LocalNetworkAccessChecks"]);
afterAll(() => sql.end());

const LAPTOP = { width: 1366, height: 900 } as const;
const PRAGUE = "Europe/Prague";
const SHIFT = { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "17:00" };
const EVERY_DAY = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [day, SHIFT]));

/**
 * A Prague salon with two stylists working every day, two services on its page and one kept
 * off it, its page set up by the owner through the dashboard's API.
 */
async function bookingSalon(settings: Partial<BookingSettingsInput> = {}) {
  const owner = await signedInOwner();
  const current = (await owner.call("/api/dashboard/salon")).json;
  await owner.call("/api/dashboard/salon", {
    method: "PUT",
    body: { ...current, name: "Studio Lumen", address: "Dlouhá 12", postal_code: "110 00", city: "Praha", phone: "+420 777 123 456", currency: "CZK" },
  });
  const add = async (path: string, body: object) => (await owner.call(`/api/dashboard/${path}`, { body })).json.id as string;
  const jana = await add("stylists", { first_name: "Jana", last_name: "Nováková", working_hours: EVERY_DAY });
  await add("stylists", { first_name: "Petr", last_name: "Svoboda", working_hours: EVERY_DAY });
  const cut = await add("services", { name: "Dámský střih", duration: 60, price: 650 });
  const colour = await add("services", { name: "Barvení", duration: 90, price: 1200, min_price: 1200, max_price: 1800 });
  const consultation = await add("services", { name: "Konzultace", duration: 30, price: 0 });
  const slug = `lumen-${crypto.randomUUID().slice(0, 8)}`;
  const saved = await owner.call("/api/dashboard/booking-page", {
    method: "PUT",
    body: { ...BOOKING_DEFAULTS, enabled: true, slug, min_notice_minutes: 0, slot_step: 30, offline_services: [consultation], ...settings },
  });
  if (saved.status !== 200) throw new Error(`booking page: ${JSON.stringify(saved.json)}`);
  const [row] = await sql<{ salon_id: string }[]>`select salon_id from stylists where id = ${jana}`;
  return { owner, slug, salonId: row!.salon_id, jana, cut, colour };
}

/** The free times the page itself is offered for the haircut with anyone, from the salon's today. */
async function offered(slug: string, services: string[], stylist?: string) {
  const query = new URLSearchParams({ services: services.join(","), from: dayOf(new Date(), PRAGUE), days: "14", ...(stylist ? { stylist } : {}) });
  return (await api(`/api/book/${slug}/times?${query}`)).json as unknown as BookingTimes;
}

const step = (page: Page, name: string) => page.getByRole("heading", { level: 2, name, exact: true });

/** Axe finds nothing serious on the step shown. */
async function accessible(page: Page) {
  expect(await accessibilityProblems(page)).toEqual([]);
}

/** The button of the first free time of the day the page chose. */
const firstTime = (page: Page) => page.locator("fieldset").last().getByRole("button").first();

/**
 * Chooses the second day with free times: with no notice, today's first time could slip into
 * the past between choosing it and confirming, and the test would be refused "too soon".
 */
async function laterDay(page: Page) {
  await page.getByRole("group", { name: /^(Days|Tage|Dny)$/ }).getByRole("button", { disabled: false }).nth(1).click();
}

describe("a salon's booking page", () => {
  it("books two services in Czech on a phone: the appointment is the salon's, marked online, with its client", async () => {
    const { owner, slug, salonId } = await bookingSalon();
    const { page } = await browser.visitor({ locale: "cs-CZ", viewport: VIEWPORTS.phone });

    // The shell paints in Czech before any code runs, and other sites may frame the page.
    const shell = await page.request.get(`/cs/book/${slug}`);
    expect(shell.status()).toBe(200);
    expect(await shell.text()).toMatch(/<html lang="cs">[\s\S]*<title>Online rezervace<\/title>[\s\S]*Načítám…/);
    expect(shell.headers()["content-security-policy"]).toContain("frame-ancestors *");
    expect(shell.headers()["x-frame-options"]).toBeUndefined();

    await page.goto(`/cs/book/${slug}`);
    await page.getByRole("heading", { level: 1, name: "Studio Lumen" }).waitFor();
    expect(await page.title()).toBe("Online rezervace – Studio Lumen");
    await expect(page.getByRole("link", { name: "+420 777 123 456" }).getAttribute("href")).resolves.toBe("tel:+420777123456");
    // Only what the owner put on the page is offered.
    await expect(page.getByRole("checkbox").count()).resolves.toBe(2);
    await accessible(page);
    await screenshot(page, "booking-cs-390-services");

    await page.getByRole("checkbox", { name: /Dámský střih/ }).check();
    await page.getByRole("checkbox", { name: /Barvení/ }).check();
    await page.getByText("2 h 30 min · 1 850–2 450 Kč").waitFor();
    await page.getByRole("button", { name: "Pokračovat" }).click();

    await step(page, "Vyberte stylistu").waitFor();
    expect(await page.getByRole("radio", { name: /Kdokoli/ }).isChecked()).toBe(true);
    await accessible(page);
    await page.getByRole("button", { name: "Pokračovat" }).click();

    await step(page, "Vyberte den a čas").waitFor();
    await page.getByText(/Časy jsou v časovém pásmu salonu/).waitFor();
    await laterDay(page);
    const start = await firstTime(page).textContent();
    await firstTime(page).click();
    await accessible(page);
    await screenshot(page, "booking-cs-390-time", { fullPage: false });
    await page.getByRole("button", { name: "Pokračovat" }).click();

    await step(page, "Vaše údaje").waitFor();
    await page.getByLabel("Jméno a příjmení").fill("Petra Králová");
    await page.getByLabel("Telefon").fill("603 111 222");
    await page.getByLabel("E-mail (nepovinný)").fill("petra@example.com");
    await page.getByLabel("Poznámka pro salon (nepovinná)").fill("Poprvé u vás");
    await accessible(page);
    await screenshot(page, "booking-cs-390-details");
    await page.getByRole("button", { name: "Potvrdit rezervaci" }).click();

    await step(page, "Máte zarezervováno!").waitFor();
    await page.getByText("Potvrzení vám právě posíláme.").waitFor();
    expect(await page.getByRole("main").textContent()).toContain("Dámský střih, Barvení");
    expect(await page.getByRole("link", { name: "Změnit nebo zrušit rezervaci" }).getAttribute("href")).toMatch(/^\/cs\/visit\/.+/);
    await accessible(page);
    await screenshot(page, "booking-cs-390-done");

    const [row] = await sql<{ source: string; lines: number; client: string | null; customer_phone: string; time: string; days_ahead: number }[]>`
      select a.source, a.customer_phone, c.name as client,
             (select count(*)::int from appointment_services s where s.appointment_id = a.id) as lines,
             to_char(a.start_at at time zone ${PRAGUE}, 'FMHH24:MI') as time,
             (a.start_at at time zone ${PRAGUE})::date - (now() at time zone ${PRAGUE})::date as days_ahead
      from appointments a left join clients c on c.id = a.client_id
      where a.salon_id = ${salonId}`;
    const { days_ahead, ...booked } = row!;
    expect(booked).toEqual({ source: "online", lines: 2, client: "Petra Králová", customer_phone: "+420603111222", time: start });

    // The owner finds it in the salon's calendar, on a phone too, marked as booked online.
    const { page: desk } = await browser.visitor({ viewport: LAPTOP });
    await logIn(desk, owner.email, owner.password);
    await desk.setViewportSize(VIEWPORTS.phone);
    await desk.goto("/cs/dashboard/calendar");
    await desk.getByRole("button", { name: "Den", exact: true }).click();
    for (let day = 0; day < days_ahead; day++) await desk.getByRole("button", { name: "Další období" }).click();
    const event = desk.getByRole("button", { name: /Petra Králová/ }).first();
    await event.getByRole("img", { name: "Rezervováno online" }).waitFor();
    await event.scrollIntoViewIfNeeded();
    await screenshot(desk, "booking-cs-390-in-calendar", { fullPage: false });
    await event.click();
    await desk.getByRole("dialog").getByText(/^Rezervováno online · /).waitFor();
  });

  it("keeps what was chosen when the language is switched, and books in German on a laptop", async () => {
    const { slug, salonId } = await bookingSalon();
    const { page } = await browser.visitor({ locale: "de-DE", viewport: LAPTOP });
    await page.goto(`/cs/book/${slug}`);
    await page.getByRole("checkbox", { name: /Barvení/ }).check();
    await page.getByRole("button", { name: "Deutsch" }).click();

    await page.getByRole("heading", { level: 2, name: "Leistungen wählen" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/de/book/${slug}`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.getByRole("checkbox", { name: /Barvení/ }).isChecked()).toBe(true);
    await page.getByText("1 Std. 30 Min. · 1.200–1.800 Kč").waitFor();
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.getByRole("radio", { name: "Jana Nováková" }).check();
    await page.getByRole("button", { name: "Weiter" }).click();
    await step(page, "Tag und Uhrzeit wählen").waitFor();
    await laterDay(page);
    await firstTime(page).click();
    await accessible(page);
    await screenshot(page, "booking-de-1366-time");
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.getByLabel("Name").fill("Eva Malá");
    await page.getByLabel("Telefon").fill("+420 603 444 555");
    await page.getByRole("button", { name: "Termin buchen" }).click();
    await step(page, "Ihr Termin ist gebucht!").waitFor();
    expect(await page.getByRole("main").textContent()).toContain("Jana Nováková");
    await accessible(page);
    await screenshot(page, "booking-de-1366-done");
    const [row] = await sql<{ source: string; stylist_name: string }[]>`select source, stylist_name from appointments where salon_id = ${salonId}`;
    expect(row).toEqual({ source: "online", stylist_name: "Jana Nováková" });
  });

  it("puts a German visitor whom no time suits on the salon's waitlist, on a phone", async () => {
    const { owner, slug, salonId } = await bookingSalon();
    const outreach = await owner.call("/api/dashboard/outreach/settings", { method: "PUT", body: { ...OUTREACH_DEFAULTS, enabled: true } });
    expect(outreach.status).toBe(200);
    const { page } = await browser.visitor({ locale: "de-DE", viewport: VIEWPORTS.phone });
    await page.goto(`/de/book/${slug}`);
    await page.getByRole("checkbox", { name: /Dámský střih/ }).check();
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.getByRole("radio", { name: "Jana Nováková" }).check();
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.getByRole("heading", { name: "Kein passender Termin dabei?" }).waitFor();
    await screenshot(page, "booking-de-390-waitlist-invite");
    await page.getByRole("button", { name: "Auf die Warteliste" }).click();

    await step(page, "Eintrag in die Warteliste").waitFor();
    const days = page.getByRole("group", { name: "Mögliche Tage" });
    for (const day of ["Montag", "Dienstag", "Mittwoch", "Freitag", "Samstag", "Sonntag"]) await days.getByRole("checkbox", { name: day }).uncheck();
    await page.getByLabel("Frühester Beginn").selectOption("14:00");
    await page.getByLabel("Fertig bis").selectOption("17:00");
    await page.getByLabel("Name").fill("Lena Vogel");
    await page.getByLabel("Telefon").fill("603 777 888");
    await accessible(page);
    await screenshot(page, "booking-de-390-waitlist");
    await page.setViewportSize(LAPTOP);
    await screenshot(page, "booking-de-1366-waitlist", { fullPage: false });
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole("button", { name: "In die Warteliste eintragen" }).click();

    await step(page, "Sie stehen auf der Warteliste").waitFor();
    const done = (await page.getByRole("main").textContent()) ?? "";
    expect(done).toContain("SMS an +420603777888");
    expect(done).toContain("Donnerstag");
    expect(done).toContain("14:00–17:00");
    await accessible(page);
    await screenshot(page, "booking-de-390-waitlist-done");
    const [entry] = await sql<{ source: string; language: string; weekdays: string; from_time: string; until_time: string; phone: string }[]>`
      select source, language, to_json(weekdays)::text as weekdays, from_time::text, until_time::text, phone from client_waitlist where salon_id = ${salonId}`;
    expect(entry).toEqual({ source: "online", language: "de", weekdays: "[4]", from_time: "14:00:00", until_time: "17:00:00", phone: "+420603777888" });
  });

  it("books in English with anyone", async () => {
    const { slug, salonId } = await bookingSalon();
    const { page } = await browser.visitor({ viewport: VIEWPORTS.phone });
    await page.goto(`/en/book/${slug}`);
    await page.getByRole("checkbox", { name: /Dámský střih/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await laterDay(page);
    await firstTime(page).click();
    await page.getByRole("button", { name: "Continue" }).click();
    // Nothing is sent without a phone number, and the field says why.
    await page.getByLabel("Name").fill("Tom Reed");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.getByText("Please enter your phone number.").waitFor();
    await page.getByLabel("Phone").fill("+420 603 555 777");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await step(page, "You're booked!").waitFor();
    const [row] = await sql<{ source: string }[]>`select source from appointments where salon_id = ${salonId}`;
    expect(row!.source).toBe("online");
  });

  it("lets exactly one of two visitors take the same time; the other is told in their language and offered fresh times", async () => {
    const { slug, salonId, jana } = await bookingSalon();
    const visitors = await Promise.all(
      (["cs", "de"] as const).map(async (language) => {
        const { page } = await browser.visitor({ viewport: VIEWPORTS.phone });
        await page.goto(`/${language}/book/${slug}`);
        await page.getByRole("checkbox", { name: /Dámský střih/ }).check();
        const next = page.locator("button", { hasText: /^(Pokračovat|Weiter)$/ });
        await next.click();
        await page.getByRole("radio", { name: "Jana Nováková" }).check();
        await next.click();
        await laterDay(page);
        await firstTime(page).click();
        await next.click();
        await page.getByLabel(/^(Jméno a příjmení|Name)/).fill(`Visitor ${language}`);
        await page.getByLabel("Telefon").fill(language === "cs" ? "603 111 001" : "603 111 002");
        return { language, page, time: (await page.getByRole("main").locator("dd").filter({ hasText: /\d:\d\d/ }).textContent())! };
      }),
    );
    // Both chose the same time of Jana's.
    expect(visitors[0]!.time.split(", ").at(-1)).toBe(visitors[1]!.time.split(", ").at(-1));
    const taken = visitors[0]!.time.split(", ").at(-1)!;

    await Promise.all(visitors.map(({ page }) => page.locator("button[type=submit]").click()));
    const outcomes = await Promise.all(
      visitors.map(({ page }) =>
        Promise.race([
          page.getByRole("heading", { name: /^(Máte zarezervováno!|Ihr Termin ist gebucht!)$/ }).waitFor().then(() => "booked" as const),
          page.getByText(/^(Tento termín bohužel právě někdo obsadil|Diese Uhrzeit wurde leider gerade vergeben)/).waitFor().then(() => "taken" as const),
        ]),
      ),
    );
    expect([...outcomes].sort()).toEqual(["booked", "taken"]);

    const loser = visitors[outcomes.indexOf("taken")]!;
    const notice = loser.language === "cs" ? "Tento termín bohužel právě někdo obsadil. Vyberte si prosím jiný." : "Diese Uhrzeit wurde leider gerade vergeben. Bitte wählen Sie eine andere.";
    await loser.page.getByText(notice).waitFor();
    // Fresh times, without the one that went.
    await firstTime(loser.page).waitFor();
    await expect(loser.page.locator("fieldset").last().getByRole("button", { name: taken, exact: true }).count()).resolves.toBe(0);
    expect(await accessibilityProblems(loser.page)).toEqual([]);
    await screenshot(loser.page, `booking-${loser.language}-390-taken`, { fullPage: false });
    const rows = await sql`select id from appointments where salon_id = ${salonId} and stylist_id = ${jana}`;
    expect(rows).toHaveLength(1);
  });

  it("offers nothing sooner than the notice nor beyond the horizon", async () => {
    const { slug, cut } = await bookingSalon({ min_notice_minutes: 1440, horizon_days: 7 });
    const view = (await api(`/api/book/${slug}`)).json as unknown as BookingPageView;
    const times = await offered(slug, [cut]);
    const earliest = times.days.flatMap((day) => day.times)[0]!;
    expect(Date.parse(earliest)).toBeGreaterThanOrEqual(Date.now() + 24 * 3_600_000 - 60_000);

    const { page } = await browser.visitor({ viewport: VIEWPORTS.phone });
    await page.goto(`/en/book/${slug}`);
    await page.getByRole("checkbox", { name: /Dámský střih/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    const days = page.getByRole("group", { name: "Days" });
    await firstTime(page).waitFor();
    // Today is inside the notice: booked up as far as the page goes.
    await expect(days.getByRole("button").first().isDisabled()).resolves.toBe(true);
    // The page's first day with times and its first time are the earliest the notice allows.
    const dayName = (date: string) => new Intl.DateTimeFormat("en", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
    const earliestDay = dayOf(new Date(earliest), PRAGUE);
    expect(await days.getByRole("button", { pressed: true }).textContent()).toContain(dayName(earliestDay));
    const clock = new Intl.DateTimeFormat("en", { hour: "numeric", minute: "2-digit", timeZone: PRAGUE }).format(new Date(earliest));
    expect(await firstTime(page).textContent()).toBe(clock);
    // The last day shown is the horizon's, and there is nothing later to ask for.
    await expect(days.getByRole("button").last().textContent()).resolves.toContain(dayName(view.last_day));
    await expect(days.getByRole("button", { name: "Later days" }).count()).resolves.toBe(0);
  });

  it("works inside a frame on the salon's own site", async () => {
    const { slug } = await bookingSalon();
    const { page } = await browser.visitor({ viewport: LAPTOP });
    // The salon's site, on another origin (localhost against the server's 127.0.0.1), with the snippet the owner copies.
    const site = `${baseUrl().replace("127.0.0.1", "localhost")}/salon-site`;
    expect(site).not.toContain(baseUrl());
    await page.route(site, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Studio Lumen</title><iframe src="${baseUrl()}/en/book/${slug}" title="Book at Studio Lumen" loading="lazy" style="width:100%;min-height:720px;border:0"></iframe>`,
      }),
    );
    await page.goto(site, { waitUntil: "commit" });
    const frame = page.frameLocator("iframe");
    await frame.getByRole("heading", { level: 1, name: "Studio Lumen" }).waitFor();
    await frame.getByRole("checkbox", { name: /Dámský střih/ }).check();
    await frame.getByRole("button", { name: "Continue" }).click();
    await frame.getByRole("heading", { name: "Choose a stylist" }).waitFor();
    await screenshot(page, "booking-en-1366-framed", { fullPage: false });
  });

  it("is politely closed when the owner switched it off, and says so when an address is no page", async () => {
    const { slug } = await bookingSalon({ enabled: false });
    const { page } = await browser.visitor({ viewport: VIEWPORTS.phone });
    await page.goto(`/en/book/${slug}`);
    await page.getByRole("heading", { name: "Online booking is paused" }).waitFor();
    await page.getByRole("heading", { level: 1, name: "Studio Lumen" }).waitFor();
    expect(await page.getByRole("main").textContent()).toContain("Studio Lumen is not taking bookings online at the moment. To book, please call +420 777 123 456.");
    await expect(page.getByRole("checkbox").count()).resolves.toBe(0);
    await accessible(page);
    await screenshot(page, "booking-en-390-closed");

    await page.goto("/de/book/no-such-salon");
    await page.getByRole("heading", { name: "Diese Buchungsseite gibt es nicht" }).waitFor();
    await accessible(page);
    await page.goto("/en/book");
    await page.getByRole("heading", { name: "This booking page does not exist" }).waitFor();
  });
});
