import { env } from "cloudflare:workers";
import { afterAll, describe, expect, inject, it } from "vitest";
import { CALENDAR_IMPORT_LIMITS } from "../../contract/stylist-calendars.ts";
import { addDays, dayOf, wallTime, zonedInstant } from "../../contract/time-zone.ts";
import { database } from "../../worker/data/db.ts";
import type { Bindings } from "../../worker/env.ts";
import { runTool } from "../../worker/calls/engine/tools.ts";
import { sql } from "./auth-helpers.ts";
import { withoutMessages } from "./call-helpers.ts";
import { czechSalon } from "./client-helpers.ts";
import { ok, refused } from "./helpers.ts";
import { runJobAt } from "./cron-helpers.ts";
import { cron } from "./messaging-helpers.ts";

afterAll(() => sql.end());

const FILES = inject("calendarsUrl");
const PRAGUE = "Europe/Prague";
const SHIFT = { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "18:00" };
const EVERY_DAY = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [day, SHIFT]));
const OPEN_DAILY = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [day, { open: "08:00", close: "19:00" }]));

/** A file of the calendar server under a name of its own. */
async function serve(body: string, options: { status?: number; contentType?: string; chunked?: boolean } = {}) {
  const name = `cal-${crypto.randomUUID().slice(0, 8)}`;
  const response = await fetch(`${FILES}/__calendars/${name}`, { method: "PUT", body: JSON.stringify({ body, ...options }) });
  if (response.status !== 204) throw new Error("the calendar server refused the file");
  return { name, url: `${FILES}/${name}.ics`, requests: async () => (await (await fetch(`${FILES}/__requests/${name}`)).json()) as { ifNoneMatch: string | null }[] };
}
const replace = (name: string, body: string) => fetch(`${FILES}/__calendars/${name}`, { method: "PUT", body: JSON.stringify({ body }) });

const wallOf = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) });
const stamp = (day: string, time: string) => `${day.replaceAll("-", "")}T${time.replace(":", "")}00`;
const calendar = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Calendar//EN", ...events, "END:VCALENDAR", ""].join("\r\n");
const event = (uid: string, ...lines: string[]) => ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20261101T000000Z", ...lines, "END:VEVENT"].join("\r\n");

/** A Prague salon open 08-19 daily whose stylist Jana works 09-13 and 14-18 every day; its receptionist's tools. */
async function salonWithJana() {
  const salon = await czechSalon();
  await sql`update stylists set working_hours = ${sql.json(EVERY_DAY)} where id = ${salon.stylist}`;
  await sql`update salons set time_zone = ${PRAGUE}, business_hours = ${sql.json(OPEN_DAILY)} where id = ${salon.salonId}`;
  const ctx = { db: database(env as Bindings), salonId: salon.salonId, ownerId: salon.userId, timeZone: PRAGUE, country: "CZ" as const, callerNumber: null, ...withoutMessages };
  /** What the receptionist's tool answers. */
  const tool = (name: string, args: Record<string, unknown>) => runTool(ctx, name, JSON.stringify(args));
  /** Jana's free 45-minute starts of a Prague day ("HH:MM"), from the same search the receptionist's tools use. */
  const freeTimes = async (date: string) => {
    const query = {
      start_date: zonedInstant({ ...wallOf(date), hour: 0, minute: 0 }, PRAGUE).toISOString(),
      end_date: zonedInstant({ ...wallOf(addDays(date, 1)), hour: 0, minute: 0 }, PRAGUE).toISOString(),
      duration: "45",
      stylist: salon.stylist,
    };
    const slots = await ok(salon.owner.api.dashboard.availability.$get({ query }));
    return slots.map((slot) => {
      const wall = wallTime(new Date(slot.start_datetime), PRAGUE);
      return `${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
    });
  };
  const calendars = salon.owner.api.dashboard["stylist-calendars"];
  const param = { stylistId: salon.stylist };
  /** Links Jana's calendar at `url`, asked in `language`: answers the typed client's response. */
  const link = (url: string, language = "en") => calendars[":stylistId"].$put({ param, json: { url } }, { headers: { "accept-language": language } });
  const sync = () => ok(calendars[":stylistId"].sync.$post({ param }));
  const blocks = () =>
    sql<{ start_at: Date; end_at: Date }[]>`select start_at, end_at from stylist_busy_blocks where stylist_id = ${salon.stylist} order by start_at`;
  return { ...salon, tool, freeTimes, link, sync, blocks };
}

describe("a stylist's outside calendar", () => {
  it("takes its busy times out of the receptionist's free times: single, recurring and moved events, all-day ones, not free or cancelled ones", async () => {
    const salon = await salonWithJana();
    const today = dayOf(new Date(), PRAGUE);
    const [one, two, three, four, five] = [1, 2, 3, 4, 5].map((days) => addDays(today, days)) as [string, string, string, string, string];
    const before = await salon.freeTimes(one);
    expect(before).toContain("10:00");

    const file = await serve(
      calendar(
        event("dentist", `DTSTART;TZID=${PRAGUE}:${stamp(one, "10:00")}`, `DTEND;TZID=${PRAGUE}:${stamp(one, "11:00")}`, "SUMMARY:Dentist"),
        // Marked free, and cancelled: neither blocks anything.
        event("free", `DTSTART;TZID=${PRAGUE}:${stamp(one, "15:00")}`, `DTEND;TZID=${PRAGUE}:${stamp(one, "16:00")}`, "TRANSP:TRANSPARENT"),
        event("called-off", `DTSTART;TZID=${PRAGUE}:${stamp(one, "16:00")}`, `DTEND;TZID=${PRAGUE}:${stamp(one, "17:00")}`, "STATUS:CANCELLED"),
        // Every day from the second day, three times, in UTC; the third moved to the afternoon.
        event("gym", `DTSTART:${stamp(two, "07:00")}Z`, "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=3"),
        event("gym", `RECURRENCE-ID:${stamp(four, "07:00")}Z`, `DTSTART:${stamp(four, "13:00")}Z`, `DTEND:${stamp(four, "14:00")}Z`),
        event("holiday", `DTSTART;VALUE=DATE:${five.replaceAll("-", "")}`, `DTEND;VALUE=DATE:${addDays(five, 1).replaceAll("-", "")}`),
      ),
    );
    const linked = await ok(salon.link(file.url));
    expect(linked).toMatchObject({ stylist: salon.stylist, status: "ok", error: null, busy_count: 5 });
    // The address is shown by its host and file, not whole.
    expect(linked.address).toBe(`127.0.0.1:${new URL(FILES).port}/…/${file.name}.ics`);

    const after = await salon.freeTimes(one);
    // 45 minutes from 09:15 end as the dentist begins; nothing starts in that hour or runs into it.
    expect(after.filter((time) => time > "09:15" && time < "11:00")).toEqual([]);
    expect(after).toEqual(expect.arrayContaining(["09:00", "09:15", "11:00", "15:00", "16:00"]));
    // 07:00 UTC is 08:00 in Prague (winter): the morning's first hour is gone, the rest stays.
    const gym = await salon.freeTimes(two);
    expect(gym[0]).toBe("09:00");
    expect(await salon.freeTimes(three)).toEqual(gym);
    const moved = await salon.freeTimes(four);
    expect(moved.filter((time) => time >= "14:00" && time < "15:00")).toEqual([]);
    expect(moved).toContain("15:00");
    expect(moved).toContain("09:00");
    expect(await salon.freeTimes(five)).toEqual([]);

    // The receptionist hears it too: the dentist's hour cannot be booked, and the holiday moves the search on a day.
    const booking = { customer_name: "Eva Malá", customer_phone: "+420777123456", services: ["Haircut"], stylist: "Jana" };
    expect(await salon.tool("book_appointment", { ...booking, start: `${one} 10:15` })).toMatchObject({ ok: false, error: expect.stringContaining("Jana Nováková already has an appointment then") });
    expect(await salon.tool("find_free_slots", { date: five, services: ["Haircut"], stylist: "Jana" })).toMatchObject({
      ok: true,
      result: { date: addDays(five, 1), requested_date_full: true },
    });
  });

  it("reads again only what changed, and keeps the last good busy times when the address fails, saying why", async () => {
    const salon = await salonWithJana();
    const day = addDays(dayOf(new Date(), PRAGUE), 2);
    const file = await serve(calendar(event("a", `DTSTART;TZID=${PRAGUE}:${stamp(day, "10:00")}`, `DTEND;TZID=${PRAGUE}:${stamp(day, "12:00")}`)));
    expect(await ok(salon.link(file.url))).toMatchObject({ status: "ok", busy_count: 1 });

    // Asked back with the copy's ETag, an unchanged file is not sent again.
    expect(await salon.sync()).toMatchObject({ status: "ok", busy_count: 1 });
    const asked = await file.requests();
    expect(asked).toHaveLength(2);
    expect(asked[1]!.ifNoneMatch).toMatch(/^".+"$/);

    // The cron reads calendars that are due.
    await replace(file.name, calendar());
    await sql`update stylist_calendars set next_sync_at = now() where stylist_id = ${salon.stylist}`;
    await cron();
    expect(await salon.blocks()).toEqual([]);

    const failing = async (body: string, options: { status?: number; contentType?: string; chunked?: boolean }) => {
      const served = await serve(body, options);
      await sql`update stylist_calendars set url = ${served.url}, status = 'ok' where stylist_id = ${salon.stylist}`;
      return salon.sync();
    };
    await replace(file.name, calendar(event("b", `DTSTART;TZID=${PRAGUE}:${stamp(day, "15:00")}`, `DTEND;TZID=${PRAGUE}:${stamp(day, "16:00")}`)));
    await salon.sync();
    const good = await salon.blocks();
    expect(good).toHaveLength(1);
    const [goodSync] = await sql<{ synced_at: Date }[]>`select synced_at from stylist_calendars where stylist_id = ${salon.stylist}`;

    expect(await failing("gone", { status: 404 })).toMatchObject({ status: "error", error: "http", error_status: 404 });
    expect(await failing("<html><body>Sign in</body></html>", { contentType: "text/html" })).toMatchObject({ status: "error", error: "not_calendar" });
    expect(await failing(calendar("X".repeat(2_100_000)), { chunked: true })).toMatchObject({ status: "error", error: "too_large" });
    // Nothing listens there.
    await sql`update stylist_calendars set url = 'http://127.0.0.1:9/closed.ics' where stylist_id = ${salon.stylist}`;
    expect(await salon.sync()).toMatchObject({ status: "error", error: "unreachable", synced_at: goodSync!.synced_at.toISOString() });
    expect(await salon.blocks()).toEqual(good);
  });

  it("is read by one of two runs of the cron at once, on the runner's clock, and again once its half hour is over", async () => {
    const salon = await salonWithJana();
    const file = await serve(calendar());
    await ok(salon.link(file.url));
    expect(await file.requests()).toHaveLength(1);
    const runAt = (at: Date) => runJobAt("stylist calendars", at);

    // An hour on by the runner's clock the calendar is due; two runs side by side read it once.
    const later = new Date(Date.now() + 60 * 60_000);
    await Promise.all([runAt(later), runAt(later)]);
    expect(await file.requests()).toHaveLength(2);
    const [read] = await sql<{ checked_at: Date; next_sync_at: Date }[]>`select checked_at, next_sync_at from stylist_calendars where stylist_id = ${salon.stylist}`;
    expect(read).toEqual({ checked_at: later, next_sync_at: new Date(later.getTime() + CALENDAR_IMPORT_LIMITS.everyMinutes * 60_000) });

    // Not due a minute before that, read again once it is.
    await runAt(new Date(read!.next_sync_at.getTime() - 60_000));
    expect(await file.requests()).toHaveLength(2);
    await runAt(read!.next_sync_at);
    expect(await file.requests()).toHaveLength(3);
  });

  it("refuses what it cannot read, in the owner's language, keeps each salon's calendars its own, and forgets an unlinked one", async () => {
    const salon = await salonWithJana();
    expect((await refused(salon.link("calendar.google.com/private", "de"), 422)).fields).toEqual({ url: "Fügen Sie die geheime Adresse des Kalenders im iCal-Format ein; sie beginnt mit https:// oder webcal://." });
    // A character no database keeps is refused like any address that is none.
    expect((await refused(salon.link("https://calendar.example.com/basic\u0000.ics"), 422)).fields).toEqual({ url: "Paste the calendar's secret address in iCal format, starting with https:// or webcal://." });
    expect((await refused(salon.link("http://calendar.example.com/basic.ics", "cs"), 422)).fields).toEqual({ url: "Tato adresa není zabezpečená. Použijte tajnou adresu, která začíná https:// nebo webcal://." });
    // The server's own network is out of reach whatever the scheme: the metadata service, a router, the machine itself.
    for (const inside of ["https://169.254.169.254/latest.ics", "webcal://192.168.1.1/cal.ics", "https://localhost/cal.ics"]) {
      expect((await refused(salon.link(inside), 422)).fields, inside).toEqual({ url: "This address points to a private or local network, which cannot be reached from the internet. Use the calendar's public secret address." });
    }

    const file = await serve(calendar(event("a", `DTSTART:${stamp(addDays(dayOf(new Date(), PRAGUE), 1), "09:00")}Z`, "DURATION:PT1H")));
    await ok(salon.link(file.url));
    const other = await czechSalon();
    const theirs = other.owner.api.dashboard["stylist-calendars"];
    const param = { stylistId: salon.stylist };
    expect(await ok(theirs.$get())).toEqual([]);
    await refused(theirs[":stylistId"].$put({ param, json: { url: file.url } }), 404);
    await refused(theirs[":stylistId"].$delete({ param }), 404);
    const ours = salon.owner.api.dashboard["stylist-calendars"];
    expect(await ok(ours.$get())).toHaveLength(1);

    await ok(ours[":stylistId"].$delete({ param }), 204);
    expect(await salon.blocks()).toEqual([]);
    expect(await ok(ours.$get())).toEqual([]);
  });
});
