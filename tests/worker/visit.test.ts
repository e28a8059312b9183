import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { wallTime, zonedInstant } from "../../contract/time-zone.ts";
import { signLink, type LinkPurpose } from "../../worker/clients/messaging/links.ts";
import type { Bindings } from "../../worker/env.ts";
import { sql } from "./auth-helpers.ts";
import { api, client, ok, refused } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

const SECRET = (env as Bindings).JWT_SECRET!;
const PRAGUE = "Europe/Prague";
const HOUR = 3_600_000;
const token = (id: string, purpose: LinkPurpose = "visit", expiresAt?: Date) => signLink(SECRET, purpose, id, expiresAt);
/** The token with one character of its signature changed. */
const forge = (good: string) => `${good.slice(0, 30)}${good[30] === "A" ? "B" : "A"}${good.slice(31)}`;

/** The Prague calendar day `days` from today. */
function dayAhead(days: number): string {
  const today = wallTime(new Date(), PRAGUE);
  return new Date(Date.UTC(today.year, today.month - 1, today.day + days)).toISOString().slice(0, 10);
}

/** The instant of a Prague wall-clock time, as the API writes instants. */
function at(date: string, time: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return zonedInstant({ year, month, day, hour, minute }, PRAGUE).toISOString();
}

const EVERY_DAY = Object.fromEntries(
  [0, 1, 2, 3, 4, 5, 6].map((day) => [day, { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "17:00" }]),
);

/** A Prague salon with its address and phone, one stylist working 09-13 and 14-17 every day, and an hour's haircut. */
async function salon(name = "Salon Bella") {
  const owner = await signedInOwner({ "x-time-zone": PRAGUE });
  const current = await ok(owner.api.dashboard.salon.$get());
  await ok(owner.api.dashboard.salon.$put({ json: { ...current, name, address: "Dlouhá 12", postal_code: "110 00", city: "Praha", phone: "+420 777 123 456" } }));
  const jana = { first_name: "Jana", last_name: "Nováková", email: null, phone: null, working_hours: EVERY_DAY };
  const { id: stylist } = await ok(owner.api.dashboard.stylists.$post({ json: jana }), 201);
  const haircut = { name: "Haircut", duration: 60, price: 30, description: null, min_price: null, max_price: null };
  const { id: cut } = await ok(owner.api.dashboard.services.$post({ json: haircut }), 201);
  const [row] = await sql<{ salon_id: string }[]>`select salon_id from stylists where id = ${stylist}`;
  const salonId = row!.salon_id;

  async function book(date: string, time: string, minutes = 60) {
    const start = at(date, time);
    const created = await owner.call("/api/dashboard/appointments", {
      body: {
        customer_name: "Petra Králová",
        customer_phone: "+420 603 111 222",
        stylist,
        start_datetime: start,
        end_datetime: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
        notes: "Short, please",
        services: [{ service: cut, price_at_booking: 28, duration_at_booking: minutes }],
      },
    });
    if (created.status !== 201) throw new Error(`book: ${created.text}`);
    return created.json.id as string;
  }
  const notice = (hours: number) => sql`update message_settings set cancellation_notice_hours = ${hours} where salon_id = ${salonId}`;
  return { owner, stylist, cut, salonId, book, notice };
}

/** What a visit's link opens, by its token, asked with `headers`. */
const link = (token: string, headers: Record<string, string> = {}) => {
  const route = client(headers).visit[":token"];
  const param = { token };
  return {
    show: () => route.$get({ param }),
    slots: (date: string) => route.slots.$get({ param, query: { date } }),
    move: (start_datetime: string) => route.reschedule.$post({ param, json: { start_datetime } }),
    cancel: () => route.cancel.$post({ param }),
  };
};
/** What the link to appointment `id` opens. */
const visit = async (id: string, headers: Record<string, string> = {}) => link(await token(id), headers);
const slotsOf = async (id: string, date: string) => (await ok((await visit(id)).slots(date))).slots;
/** Prague wall-clock times of instants. */
const times = (instants: string[]) =>
  instants.map((instant) => {
    const wall = wallTime(new Date(instant), PRAGUE);
    return `${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
  });
/** The kinds of messages written to the client of an appointment, in order. */
const confirmations = async (id: string) =>
  (await sql<{ kind: string }[]>`select kind from client_messages where appointment_id = ${id} group by kind order by min(created_at)`).map((row) => row.kind);
const quarterHours = (from: string, to: string) => {
  const out: string[] = [];
  for (let minute = Number(from.slice(0, 2)) * 60 + Number(from.slice(3)); minute <= Number(to.slice(0, 2)) * 60 + Number(to.slice(3)); minute += 15) {
    out.push(`${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`);
  }
  return out;
};

describe("a client's link to their appointment", () => {
  it("refuses a forged, cut, expired or other-purpose token with a 404 and a clear detail, before any database work", async () => {
    const { book } = await salon();
    const id = await book(dayAhead(10), "10:00");
    const good = await token(id);
    const forged = forge(good);
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;
    const invalid = "This link does not work. Please use the link in the latest message from your salon.";

    for (const bad of [forged, good.slice(0, 20), "not-a-token", await token(id, "unsubscribe")]) {
      expect(await refused(link(bad, { "cf-connecting-ip": ip }).show(), 404)).toEqual({ detail: invalid, code: "link_invalid" });
    }
    // None of them was even counted against the address: the signature was checked first.
    const [counted] = await sql`select 1 from rate_limits where bucket = encode(sha256(convert_to(${`visit:ip:${ip}`}, 'UTF8')), 'hex')`;
    expect(counted).toBeUndefined();

    const expired = await refused(link(await token(id, "visit", new Date(Date.now() - 1000))).show(), 404);
    expect(expired).toEqual({ detail: "This link has expired. Please contact your salon.", code: "link_expired" });
    const german = await refused(link(forged, { "accept-language": "de" }).slots(dayAhead(10)), 404);
    expect(german.detail).toBe("Dieser Link funktioniert nicht. Bitte verwenden Sie den Link aus der neuesten Nachricht Ihres Salons.");

    // A real signature for an appointment that does not exist names nothing.
    expect((await refused((await visit(crypto.randomUUID())).show(), 404)).code).toBe("link_invalid");
    await refused(link(forged).cancel(), 404);
    await refused(link(forged).move(at(dayAhead(10), "14:00")), 404);
    const [row] = await sql`select status from appointments where id = ${id}`;
    expect(row!.status).toBe("booked");
  });

  it("shows the salon, the visit, the notice and whether the client can still change it", async () => {
    const { book, owner } = await salon();
    const date = dayAhead(10);
    const id = await book(date, "10:00", 45);
    expect(await ok((await visit(id)).show())).toEqual({
      salon: { name: "Salon Bella", address: "Dlouhá 12, 110 00 Praha", phone: "+420 777 123 456" },
      appointment: {
        start_datetime: at(date, "10:00"),
        end_datetime: at(date, "10:45"),
        time_zone: PRAGUE,
        services: [{ name: "Haircut", duration: 45 }],
        stylist_name: "Jana Nováková",
        status: "booked",
      },
      cancellation_notice_hours: 24,
      can_change: true,
      language: "en",
    });
    // The client's own language, once the salon knows it.
    await sql`update clients set language = 'cs' where id = (select client_id from appointments where id = ${id})`;
    expect((await ok((await visit(id)).show())).language).toBe("cs");
    // Another salon's visit shows that salon, never this one.
    const other = await salon("Studio Nord");
    const theirs = await other.book(date, "10:00");
    const shown = await ok((await visit(theirs)).show());
    expect(shown.salon.name).toBe("Studio Nord");
    expect(JSON.stringify(shown)).not.toContain("Bella");
    await refused(owner.api.dashboard.appointments[":id"].$get({ param: { id: theirs } }), 404);
  });

  it("offers the stylist's free times of a day for the visit's length, its own time included and the notice honoured", async () => {
    const { book, notice } = await salon();
    const date = dayAhead(10);
    const id = await book(date, "10:00");
    await book(date, "12:00");
    // Another salon's booking at the same hour takes nothing from this one.
    await (await salon("Studio Nord")).book(date, "11:00");

    expect(times(await slotsOf(id, date))).toEqual([...quarterHours("09:00", "11:00"), ...quarterHours("14:00", "16:00")]);

    // Inside the notice nothing is offered, though the stylist is free.
    const soon = dayAhead(2);
    expect(await slotsOf(id, soon)).not.toEqual([]);
    await notice(72);
    expect(await slotsOf(id, soon)).toEqual([]);
    expect((await slotsOf(id, dayAhead(4))).every((slot) => Date.parse(slot) >= Date.now() + 72 * HOUR)).toBe(true);

    // The search reaches two months ahead, not the past and not beyond.
    const visitLink = await visit(id);
    for (const day of [dayAhead(-1), dayAhead(61)]) {
      expect((await refused(visitLink.slots(day), 422)).detail).toBe("Choose a day between today and 60 days from now.");
    }
    await ok(visitLink.slots(dayAhead(60)));
    await refused(visitLink.slots("2026-02-31"), 422);
  });

  it("moves the visit to a free time with the same stylist, services and client, and frees the old time", async () => {
    const { book, owner, stylist, cut } = await salon();
    const date = dayAhead(10);
    const id = await book(date, "10:00");
    const appointment = owner.api.dashboard.appointments[":id"];
    const before = await ok(appointment.$get({ param: { id } }));

    expect(await ok((await visit(id)).move(at(date, "14:30")))).toMatchObject({
      appointment: { start_datetime: at(date, "14:30"), end_datetime: at(date, "15:30"), status: "booked" },
      can_change: true,
    });
    const after = await ok(appointment.$get({ param: { id } }));
    // The dashboard tells the owner the client moved it themselves.
    expect(after).toEqual({
      ...before,
      start_datetime: at(date, "14:30"),
      end_datetime: at(date, "15:30"),
      changed_by: { kind: "client", name: null, at: expect.any(String) },
      version: before.version + 1,
    });
    // The client hears of the move as of one the salon made.
    expect(await confirmations(id)).toEqual(["booked", "moved"]);

    // The old time is free: the salon can book it again.
    const again = await owner.call("/api/dashboard/appointments", {
      body: { stylist, start_datetime: at(date, "10:00"), end_datetime: at(date, "11:00"), services: [{ service: cut }] },
    });
    expect(again.status).toBe(201);
    expect(times(await slotsOf(id, date))).not.toContain("10:00");
  });

  it("refuses a new time that is taken, outside the hours or closer than the notice", async () => {
    const { book } = await salon();
    const date = dayAhead(10);
    const id = await book(date, "10:00");
    await book(date, "12:00");
    const { move } = await visit(id);

    expect(await refused(move(at(date, "11:30")), 409)).toEqual({ detail: "Someone has just booked this time. Please choose another.", code: "taken" });
    expect(await refused(move(at(date, "19:00")), 422)).toEqual({ detail: "The salon takes no appointments at this time. Please choose one of the free times.", code: "unbookable" });
    expect(await refused(move(at(dayAhead(0), "16:00")), 422)).toEqual({ detail: "Choose a time at least 24 hours from now.", code: "too_soon" });
    await refused(move("tomorrow"), 422);
    const [row] = await sql<{ start_at: Date }[]>`select start_at from appointments where id = ${id}`;
    expect(row!.start_at.toISOString()).toBe(at(date, "10:00"));
  });

  it("gives the salon's number instead of a change inside the notice", async () => {
    const { book, notice } = await salon();
    const id = await book(dayAhead(3), "10:00");
    const visitLink = await visit(id);
    expect((await ok(visitLink.show())).can_change).toBe(true);
    await notice(168);
    expect(await ok(visitLink.show())).toMatchObject({ can_change: false, cancellation_notice_hours: 168, appointment: { status: "booked" } });

    const tooLate = { detail: "This appointment can no longer be changed online. Please call the salon: +420 777 123 456.", code: "too_late" };
    expect(await refused(visitLink.move(at(dayAhead(20), "10:00")), 409)).toEqual(tooLate);
    expect(await refused(visitLink.cancel(), 409)).toEqual(tooLate);
    const czech = await refused((await visit(id, { "accept-language": "cs" })).cancel(), 409);
    expect(czech.detail).toBe("Tento termín už online změnit nelze. Zavolejte prosím do salonu: +420 777 123 456.");
    await refused(visitLink.slots(dayAhead(20)), 409);
    const [row] = await sql`select status from appointments where id = ${id}`;
    expect(row!.status).toBe("booked");
  });

  it("lets only one of two clients take the same free time at once", async () => {
    const { book } = await salon();
    const date = dayAhead(10);
    const first = await book(date, "09:00");
    const second = await book(date, "11:00");
    const target = at(date, "15:00");
    const answers = await Promise.all([first, second].map(async (id) => (await visit(id)).move(target)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await refused(Promise.resolve(answers.find((answer) => answer.status === 409)!), 409)).toMatchObject({ code: "taken" });
    const rows = await sql`select id from appointments where start_at = ${target} and status = 'booked'`;
    expect(rows).toHaveLength(1);
  });

  it("cancels the visit once; then it shows as cancelled and no longer changes", async () => {
    const { book } = await salon();
    const id = await book(dayAhead(10), "10:00");
    const visitLink = await visit(id);
    expect(await ok(visitLink.cancel())).toMatchObject({ appointment: { status: "cancelled" }, can_change: false });
    const [row] = await sql`select status from appointments where id = ${id}`;
    expect(row!.status).toBe("cancelled");
    expect(await ok(visitLink.show())).toMatchObject({ appointment: { status: "cancelled" }, can_change: false });
    expect(await confirmations(id)).toEqual(["booked", "cancelled"]);

    expect(await refused(visitLink.cancel(), 409)).toEqual({ detail: "This appointment has been cancelled. Please call the salon: +420 777 123 456.", code: "not_booked" });
    expect((await refused(visitLink.move(at(dayAhead(11), "10:00")), 409)).code).toBe("not_booked");
  });

  it("limits the changes one address makes in an hour", async () => {
    const { book } = await salon();
    const id = await book(dayAhead(10), "10:00");
    const headers = { "cf-connecting-ip": `203.0.113.9-${crypto.randomUUID()}` };
    const statuses: number[] = [];
    const visitLink = await visit(id, headers);
    for (let i = 0; i < 11; i++) statuses.push((await visitLink.cancel()).status);
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409), 429]);
  });
});

describe("leaving a salon's emails", () => {
  async function emailed(recipient: string | null, channel = "email") {
    const { book, salonId } = await salon();
    const appointment = await book(dayAhead(10), "10:00");
    const message = async (kind: string, state: string) => {
      const [row] = await sql<{ id: string }[]>`
        insert into client_messages (salon_id, appointment_id, kind, channel, dedupe_key, language, recipient, body, state)
        values (${salonId}, ${appointment}, ${kind}, ${channel}, ${crypto.randomUUID()}, 'en', ${recipient}, 'Hello', ${state}) returning id`;
      return row!.id;
    };
    return { salonId, sent: await message("booked", "sent"), reminder: await message("reminder", "queued") };
  }
  const unsubscribe = async (id: string, init: Parameters<typeof api>[1] = {}) => api(`/api/unsubscribe/${await token(id, "unsubscribe")}`, init);

  it("shows the salon and the masked address, never unsubscribes on a GET, and unsubscribes on a one-click POST, once", async () => {
    const { salonId, sent, reminder } = await emailed("Petra.Kralova@Example.com");
    const shown = await unsubscribe(sent);
    expect(shown.status).toBe(200);
    expect(shown.json).toEqual({ salon_name: "Salon Bella", address: "p•••@example.com", opted_out: false });
    expect((await unsubscribe(sent)).json.opted_out).toBe(false);
    expect(await sql`select 1 from message_opt_outs where salon_id = ${salonId}`).toHaveLength(0);

    const oneClick = await unsubscribe(sent, {
      method: "POST",
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.json).toEqual({ salon_name: "Salon Bella", address: "p•••@example.com", opted_out: true });
    const again = await unsubscribe(sent, { method: "POST" });
    expect(again.json.opted_out).toBe(true);
    expect((await unsubscribe(sent, { body: {} })).status).toBe(200);
    const rows = await sql`select channel, address from message_opt_outs where salon_id = ${salonId}`;
    expect(rows.map((row) => ({ ...row }))).toEqual([{ channel: "email", address: "petra.kralova@example.com" }]);
    // What was still waiting to go to the address will not.
    const [waiting] = await sql`select state, skip_reason from client_messages where id = ${reminder}`;
    expect({ ...waiting }).toEqual({ state: "skipped", skip_reason: "opted_out" });
  });

  it("refuses an SMS's, a forged or a visit token", async () => {
    const sms = await emailed("+420603111222", "sms");
    expect((await unsubscribe(sms.sent, { method: "POST" })).json.code).toBe("link_invalid");
    expect(await sql`select 1 from message_opt_outs where salon_id = ${sms.salonId}`).toHaveLength(0);
    const { sent } = await emailed("eva@example.com");
    for (const bad of [await token(sent, "visit"), forge(await token(sent, "unsubscribe"))]) {
      const res = await api(`/api/unsubscribe/${bad}`, { method: "POST" });
      expect(res.status).toBe(404);
      expect(res.json.detail).toBe("This link does not work. Please use the link in the latest message from your salon.");
    }
  });
});
