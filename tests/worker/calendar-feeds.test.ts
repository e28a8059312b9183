import ICAL from "ical.js";
import { afterAll, describe, expect, it } from "vitest";
import { calendarFeedPath } from "../../contract/calendar-feeds.ts";
import { addDays, dayOf, offsetMinutes, zonedInstant } from "../../contract/time-zone.ts";
import { sql } from "./auth-helpers.ts";
import { api, ok, refused } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

/** Days of the feed's window a clock change is looked for in: up to 178 ahead, else back to 28 before. */
const WINDOW_DAYS = [...Array.from({ length: 178 }, (_, i) => i + 2), ...Array.from({ length: 28 }, (_, i) => -i - 1)];
const changesWithin = (zone: string) => {
  const noon = (days: number) => new Date(Date.now() + days * 86_400_000);
  return WINDOW_DAYS.some((days) => offsetMinutes(noon(days), zone) !== offsetMinutes(noon(1), zone));
};
/**
 * The salons' zone: Prague's, unless no daylight-saving change falls in the window today (late
 * April to early May), then Sydney's, whose changes come in other months.
 */
const ZONE = ["Europe/Prague", "Australia/Sydney"].find(changesWithin) ?? "Europe/Prague";
const shift = { working: true, morning_start: "08:00", morning_end: "13:00", afternoon_start: "13:00", afternoon_end: "19:00" };
const EVERY_DAY = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [day, shift]));

/** The instant of a wall-clock time of the salons' zone. */
function at(date: string, time: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return zonedInstant({ year, month, day, hour, minute }, ZONE);
}

/**
 * Two days inside the feed's window on either side of a daylight-saving change: tomorrow, and
 * the first day (up to 178 ahead, else back to 28 before) whose offset differs.
 */
function daysAcrossClockChange(): [string, string] {
  const tomorrow = addDays(dayOf(new Date(), ZONE), 1);
  const offset = (date: string) => offsetMinutes(at(date, "12:00"), ZONE);
  const candidates = [...Array.from({ length: 178 }, (_, i) => i + 2), ...Array.from({ length: 28 }, (_, i) => -i - 1)];
  const other = candidates.map((days) => addDays(tomorrow, days)).find((date) => offset(date) !== offset(tomorrow));
  if (!other) throw new Error("no clock change in the window");
  return [tomorrow, other];
}

/** Petra's two days off, a few days ahead. */
const PETRA_AWAY = (() => {
  const start = addDays(dayOf(new Date(), ZONE), 6);
  return { start_date: start, end_date: addDays(start, 1), note: "Training in Brno" };
})();

/** A salon in that zone, named with a comma, two stylists (Petra away for two days) and a service. */
async function salon(name = "Salon Bella, Praha") {
  const owner = await signedInOwner({ "x-time-zone": ZONE });
  const current = await ok(owner.api.dashboard.salon.$get());
  await ok(owner.api.dashboard.salon.$put({ json: { ...current, name } }));
  const stylist = async (first_name: string, time_off: unknown[] = []) =>
    (await ok(owner.api.dashboard.stylists.$post({ json: { first_name, last_name: "Nováková", email: null, phone: null, working_hours: EVERY_DAY, time_off } }), 201)).id;
  const jana = await stylist("Jana");
  const petra = await stylist("Petra", [PETRA_AWAY]);
  const haircut = { name: "Haircut", duration: 60, price: 450, description: null, min_price: null, max_price: null };
  const { id: cut } = await ok(owner.api.dashboard.services.$post({ json: haircut }), 201);
  const book = async (stylistId: string, date: string, from: string, until: string, extra: Record<string, unknown> = {}) => {
    const res = await owner.call("/api/dashboard/appointments", {
      body: { customer_name: "Eva Malá", customer_phone: "+420 603 444 555", stylist: stylistId, start_datetime: at(date, from).toISOString(), end_datetime: at(date, until).toISOString(), services: [{ service: cut }], ...extra },
    });
    if (res.status !== 201) throw new Error(`appointment: ${res.text}`);
    return { id: res.json.id as string, start: at(date, from), end: at(date, until) };
  };
  const feeds = owner.api.dashboard["calendar-feeds"];
  /** Asks for the salon's feed (stylist null) or a stylist's, in the language of `headers`. */
  const feed = (stylist_id: string | null, headers: Record<string, string> = {}) => feeds.$post({ json: { stylist_id } }, { headers });
  /** A new address of the feed. */
  const newFeed = async (stylist_id: string | null) => ok(feed(stylist_id), 201);
  return { owner, jana, petra, book, feed, newFeed, feeds };
}

const read = (token: string, headers: Record<string, string> = {}) => api(calendarFeedPath(token), { headers });

/** The feed read by a real iCalendar parser: its name, zones and events. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      tzid: vevent.getFirstProperty("dtstart")?.getParameter("tzid"),
      summary: event.summary,
      description: event.description,
      status: vevent.getFirstPropertyValue("status"),
    };
  });
  return {
    name: calendar.getFirstPropertyValue("x-wr-calname"),
    version: calendar.getFirstPropertyValue("version"),
    prodid: calendar.getFirstPropertyValue("prodid"),
    zones: calendar.getAllSubcomponents("vtimezone").map((zone) => zone.getFirstPropertyValue("tzid")),
    events,
  };
}

describe("private calendar feeds", () => {
  it("give a stylist's booked appointments at their instants across a clock change, in a valid iCalendar with the salon's zone", async () => {
    const [before, after] = daysAcrossClockChange();
    const { jana, petra, book, newFeed } = await salon();
    const first = await book(jana, before, "10:00", "11:00", { notes: "Allergic to ammonia, uses; her own dye\nSecond line" });
    const second = await book(jana, after, "14:00", "15:30", { customer_name: "Lucie Černá" });
    await book(petra, before, "12:00", "13:00");

    const made = await newFeed(jana);
    const res = await read(made.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, max-age=300");
    // Every line ends in CRLF and none is longer than 75 octets.
    expect(res.text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const lines = res.text.split("\r\n").slice(0, -1);
    expect(lines.every((line) => !line.includes("\n") && new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(lines).toContain("X-WR-CALNAME:Salon Bella\\, Praha: Jana Nováková");

    const calendar = parsed(res.text);
    expect(calendar).toMatchObject({ version: "2.0", zones: [ZONE] });
    expect(calendar.prodid).toContain("Recepta");
    expect(calendar.events).toEqual([
      {
        uid: `${first.id}@localhost`,
        start: first.start.toISOString(),
        end: first.end.toISOString(),
        tzid: ZONE,
        summary: "Haircut · Eva Malá",
        description: "Phone: +420 603 444 555\nAllergic to ammonia, uses; her own dye\nSecond line",
        status: "CONFIRMED",
      },
      {
        uid: `${second.id}@localhost`,
        start: second.start.toISOString(),
        end: second.end.toISOString(),
        tzid: ZONE,
        summary: "Haircut · Lucie Černá",
        description: "Phone: +420 603 444 555",
        status: "CONFIRMED",
      },
    ]);
    // The two days really are an hour apart in their offsets from UTC.
    expect(offsetMinutes(first.start, ZONE)).not.toBe(offsetMinutes(second.start, ZONE));
  });

  it("give the salon's feed every stylist's appointments with their names and days off; cancelled ones and other salons' leave it", async () => {
    const [day] = daysAcrossClockChange();
    const { owner, jana, petra, book, newFeed } = await salon();
    const mine = await book(jana, day, "09:00", "10:00");
    const hers = await book(petra, day, "10:00", "11:00", { customer_name: "Ida Krátká" });
    const cancelled = await book(jana, day, "15:00", "16:00");
    await owner.call(`/api/dashboard/appointments/${cancelled.id}`, { method: "DELETE" });
    const other = await salon("Salon Jiný");
    await other.book(other.jana, day, "09:00", "10:00", { customer_name: "Somebody Else" });
    await other.newFeed(null);

    const { token } = await newFeed(null);
    const first = await read(token);
    const calendar = parsed(first.text);
    // ical.js leaves an X- property's text as written, escapes and all.
    expect(calendar.name).toBe("Salon Bella\\, Praha");
    expect(calendar.events.map((event) => [event.uid, event.summary])).toEqual([
      [`${mine.id}@localhost`, "Haircut · Eva Malá · Jana Nováková"],
      [`${hers.id}@localhost`, "Haircut · Ida Krátká · Petra Nováková"],
      [`time-off-${petra}-${PETRA_AWAY.start_date}@localhost`, "Time off · Petra Nováková"],
    ]);
    expect(calendar.events[1]!.description).toBe("Phone: +420 603 444 555\nStylist: Petra Nováková");
    // Petra's days off are one busy all-day block, its end the day after her last day off.
    expect(calendar.events[2]).toMatchObject({
      uid: `time-off-${petra}-${PETRA_AWAY.start_date}@localhost`,
      start: `${PETRA_AWAY.start_date}T00:00:00.000Z`,
      end: `${addDays(PETRA_AWAY.end_date, 1)}T00:00:00.000Z`,
      summary: "Time off · Petra Nováková",
      description: "Training in Brno",
    });
    expect(first.text).toContain(`DTSTART;VALUE=DATE:${PETRA_AWAY.start_date.replaceAll("-", "")}\r\n`);

    // The same appointments give the same UIDs and the same ETag, and a calendar that has them hears 304.
    const again = await read(token);
    expect(parsed(again.text).events.map((event) => event.uid)).toEqual(calendar.events.map((event) => event.uid));
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(again.headers.get("etag")).toBe(etag);
    const unchanged = await read(token, { "if-none-match": etag! });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe("");

    // Cancelling takes the appointment out, and the ETag changes with it.
    await owner.call(`/api/dashboard/appointments/${hers.id}`, { method: "DELETE" });
    const after = await read(token, { "if-none-match": etag! });
    expect(after.status).toBe(200);
    expect(parsed(after.text).events.map((event) => event.uid)).toEqual([`${mine.id}@localhost`, `time-off-${petra}-${PETRA_AWAY.start_date}@localhost`]);
  });

  it("lists the feeds, and a new address or a revoked feed makes the old address answer 404 at once", async () => {
    const { jana, petra, newFeed, feeds } = await salon();
    const old = await newFeed(jana);
    expect(await ok(feeds.$get())).toEqual({
      salon: null,
      stylists: [
        { id: jana, name: "Jana Nováková", is_active: true, feed: old },
        { id: petra, name: "Petra Nováková", is_active: true, feed: null },
      ],
    });

    const renewed = await newFeed(jana);
    expect(renewed.id).toBe(old.id);
    expect(renewed.token).not.toBe(old.token);
    expect((await read(renewed.token)).status).toBe(200);
    const gone = {
      en: "There is no calendar feed at this address. It may have been revoked or replaced by a new one.",
      de: "Unter dieser Adresse gibt es keinen Kalender-Feed. Vielleicht wurde er widerrufen oder durch einen neuen ersetzt.",
      cs: "Na této adrese žádný kalendář není. Možná byl zrušen nebo nahrazen novým odkazem.",
    };
    for (const [language, detail] of Object.entries(gone)) {
      const refused = await read(old.token, { "accept-language": language });
      expect(refused.status).toBe(404);
      expect(refused.json.detail).toBe(detail);
    }

    await ok(feeds[":id"].$delete({ param: { id: renewed.id } }), 204);
    expect((await read(renewed.token)).status).toBe(404);
    expect((await ok(feeds.$get())).stylists).toEqual([
      { id: jana, name: "Jana Nováková", is_active: true, feed: null },
      { id: petra, name: "Petra Nováková", is_active: true, feed: null },
    ]);
  });

  it("refuses bad input and another salon's stylist in the caller's language", async () => {
    const { owner, feed, feeds } = await salon();
    const other = await salon("Salon Jiný");
    const refusals = {
      en: ["Select a stylist", "This stylist no longer exists. Please reload the page."],
      de: ["Wählen Sie ein Teammitglied", "Dieses Teammitglied gibt es nicht mehr. Bitte laden Sie die Seite neu."],
      cs: ["Vyberte stylistu", "Tento stylista už neexistuje. Načtěte prosím stránku znovu."],
    };
    for (const [language, [badId, elsewhere]] of Object.entries(refusals)) {
      const headers = { "accept-language": language };
      const bad = await owner.call("/api/dashboard/calendar-feeds", { body: { stylist_id: "nope" }, headers });
      expect(bad.status).toBe(422);
      expect(bad.json.fields).toEqual({ stylist_id: badId });
      expect((await refused(feed(other.jana, headers), 404)).detail).toBe(elsewhere);
    }
    expect((await owner.call("/api/dashboard/calendar-feeds", { body: {} })).status).toBe(422);
    // Another salon's feed cannot be revoked from here.
    const theirs = await other.newFeed(null);
    const revoke = await refused(feeds[":id"].$delete({ param: { id: theirs.id } }, { headers: { "accept-language": "de" } }), 404);
    expect(revoke.detail).toBeTruthy();
    expect((await read(theirs.token)).status).toBe(200);
    // A token of the wrong shape is simply not found.
    expect((await read("short")).status).toBe(404);
  });

  it("limits how often one feed is read, and how many addresses one client tries", async () => {
    const { newFeed } = await salon();
    // The limits count in fixed windows (an hour, ten minutes): a try that a window's turn cut
    // in two is made again, so the whole of it is counted in one window.
    const inOneWindow = async <T>(seconds: number, attempt: () => Promise<T>): Promise<T> => {
      for (;;) {
        const started = Math.floor(Date.now() / (seconds * 1000));
        const result = await attempt();
        if (Math.floor(Date.now() / (seconds * 1000)) === started) return result;
      }
    };
    const statuses = await inOneWindow(3600, async () => {
      const { token } = await newFeed(null);
      const seen: number[] = [];
      for (let i = 0; i < 61; i++) seen.push((await read(token)).status);
      return seen;
    });
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);

    // Guessing addresses from one client runs into its own limit, whatever the tokens.
    const guess = () => `${crypto.randomUUID()}${crypto.randomUUID()}`.replaceAll("-", "").slice(0, 43);
    const { guesses, refused } = await inOneWindow(600, async () => {
      const client = { "cf-connecting-ip": `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`, "accept-language": "de" };
      const guesses: number[] = [];
      for (let i = 0; i < 120; i++) guesses.push((await read(guess(), client)).status);
      return { guesses, refused: await read(guess(), client) };
    });
    expect(guesses.every((status) => status === 404)).toBe(true);
    expect(refused.status).toBe(429);
    expect(refused.json.detail).toMatch(/^Zu viele Versuche/);
  });
});
