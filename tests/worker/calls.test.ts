import type { InferRequestType } from "hono/client";
import { afterAll, describe, expect, it } from "vitest";
import { STATS_PERIODS, type StatsPeriod } from "../../contract/calls.ts";
import { wallTime, weekdayIndex, zonedInstant } from "../../contract/time-zone.ts";
import { sql } from "./auth-helpers.ts";
import { api, firstCallsPage, ok, refused } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** A signed-in owner and the id of their salon (made on the first dashboard request). */
async function ownerWithSalon(timeZone = "Europe/Prague") {
  const owner = await signedInOwner({ "x-time-zone": timeZone });
  await ok(owner.api.calls.list.$get({ query: firstCallsPage }));
  const [salon] = await sql<{ id: string }[]>`select s.id from salons s join users u on u.id = s.owner_id where u.email = ${owner.email}`;
  return { owner, salonId: salon!.id };
}

interface CallSeed {
  started: Date;
  direction?: "inbound" | "outbound";
  from?: string | null;
  to?: string | null;
  assistant?: string | null;
  duration?: number | null;
  status?: string;
  model?: number;
  telephony?: number | null;
  city?: string | null;
  country?: string | null;
  instructions?: string | null;
  /** Euros per US dollar; the default rate when the call has a cost. */
  rate?: number | null;
  realtimeModel?: string | null;
  language?: string | null;
}

async function insertCall(salonId: string, seed: CallSeed): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into calls (salon_id, direction, from_number, to_number, assistant_name, call_started_at, call_duration, call_status,
                       model_cost, telephony_cost, caller_city, caller_country, instructions, eur_per_usd, model, language)
    values (${salonId}, ${seed.direction ?? "inbound"}, ${seed.from === undefined ? "+420777123456" : seed.from},
            ${seed.to === undefined ? "+420228881234" : seed.to}, ${seed.assistant === undefined ? "Front desk" : seed.assistant},
            ${seed.started}, ${seed.duration === undefined ? 60 : seed.duration}, ${seed.status ?? "completed"},
            ${seed.model ?? 0.01}, ${seed.telephony === undefined ? null : seed.telephony}, ${seed.city ?? null}, ${seed.country ?? null},
            ${seed.instructions ?? null}, ${seed.rate === undefined ? 0.86 : seed.rate}, ${seed.realtimeModel ?? null}, ${seed.language ?? null})
    returning id`;
  return row!.id;
}

/** Many calls at once, one a minute back from `newest`. */
async function insertMany(salonId: string, count: number, newest: Date) {
  await sql`
    insert into calls (salon_id, direction, from_number, to_number, assistant_name, call_started_at, call_duration, call_status, model_cost, eur_per_usd)
    select ${salonId}, 'inbound', '+420777' || lpad(n::text, 6, '0'), '+420228881234', 'Front desk',
           ${newest}::timestamptz - n * interval '1 minute', 30 + n % 60, 'completed', 0.01, 1
    from generate_series(0, ${count - 1}) n`;
}

type ListQuery = InferRequestType<Owner["api"]["calls"]["list"]["$get"]>["query"];
const list = (owner: Owner, query: Partial<ListQuery> = {}) => ok(owner.api.calls.list.$get({ query: { ...firstCallsPage, ...query } }));

const stats = (owner: Owner, period: StatsPeriod) => ok(owner.api.calls.stats.$get({ query: { period } }));

describe("the call list", () => {
  it("needs a signed-in owner", async () => {
    for (const path of ["/api/calls/list", "/api/calls/stats", `/api/calls/conversation/${crypto.randomUUID()}`]) {
      const res = await api(path);
      expect(res.status).toBe(401);
      expect(res.json.detail).toBe("Please log in to continue.");
    }
  });

  it("is empty for a new salon", async () => {
    const { owner } = await ownerWithSalon();
    expect(await list(owner)).toEqual({ items: [], total: 0 });
  });

  it("pages newest first, 50 a page by default, with the total; pages neither overlap nor leave gaps", async () => {
    const { owner, salonId } = await ownerWithSalon();
    const newest = new Date(Date.now() - 60_000);
    await insertMany(salonId, 123, newest);
    // Two calls at the same instant come in a fixed order (by id), so paging stays stable.
    const twinA = await insertCall(salonId, { started: new Date(newest.getTime() - 30_000) });
    const twinB = await insertCall(salonId, { started: new Date(newest.getTime() - 30_000) });
    const oldest = new Date(newest.getTime() - 200 * 60_000);
    await insertCall(salonId, { started: oldest });
    await insertCall(salonId, { started: oldest });

    const first = await list(owner);
    expect(first.total).toBe(127);
    expect(first.items).toHaveLength(50);
    const starts = first.items.map((call) => Date.parse(call.call_started_at));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(first.items[0]!.call_started_at).toBe(newest.toISOString());
    expect(first.items.slice(1, 3).map((call) => call.id)).toEqual([twinA, twinB].sort().reverse());

    const second = await list(owner, { limit: "50", offset: "50" });
    const third = await list(owner, { limit: "50", offset: "100" });
    expect(second.total).toBe(127);
    expect(third.items).toHaveLength(27);
    const ids = [...first.items, ...second.items, ...third.items].map((call) => call.id);
    expect(new Set(ids).size).toBe(127);
    expect(Date.parse(first.items[49]!.call_started_at)).toBeGreaterThan(Date.parse(second.items[0]!.call_started_at));

    const small = await list(owner, { limit: "10", offset: "45" });
    expect(small.items.map((call) => call.id)).toEqual(ids.slice(45, 55));
    // Pages in the older half are read from the oldest end: the same order, ties included.
    const everyCall = await sql<{ id: string }[]>`select id from calls where salon_id = ${salonId} order by call_started_at desc, id desc`;
    expect(ids).toEqual(everyCall.map((row) => row.id));
    for (const offset of [0, 7, 56, 63, 70, 112, 120, 126]) {
      expect((await list(owner, { limit: "7", offset: String(offset) })).items.map((call) => call.id), `offset ${offset}`).toEqual(ids.slice(offset, offset + 7));
    }
    expect(await list(owner, { offset: "500" })).toEqual({ items: [], total: 127 });

    // The total follows calls removed, in one statement or several.
    await sql`delete from calls where id in ${sql([twinA, twinB])}`;
    await sql`delete from calls where id = ${ids[126]!}`;
    expect((await list(owner, { limit: "1" })).total).toBe(124);
  });

  it("gives each call's fields: numbers, assistant (or none), duration, status, place, model, language and price in euros", async () => {
    const { owner, salonId } = await ownerWithSalon();
    const now = Date.now();
    const phone = await insertCall(salonId, {
      started: new Date(now - 3_600_000),
      from: "+420603111222",
      duration: 185,
      model: 0.0412,
      telephony: 0.0085,
      city: "Brno",
      country: "CZ",
      rate: 0.9,
      realtimeModel: "gpt-realtime-2.1",
      language: "cs",
    });
    const orphan = await insertCall(salonId, { started: new Date(now - 7_200_000), from: "browser", to: null, assistant: null, model: 0 });
    const missed = await insertCall(salonId, { started: new Date(now - 10_800_000), duration: 0, status: "no-answer", model: 0, telephony: 0 });
    const outbound = await insertCall(salonId, { started: new Date(now - 14_400_000), direction: "outbound", from: "+420228881234", to: "+420604222333" });

    const { items } = await list(owner);
    expect(items.map((call) => call.id)).toEqual([phone, orphan, missed, outbound]);
    expect(items[0]).toEqual({
      id: phone,
      direction: "inbound",
      from_number: "+420603111222",
      to_number: "+420228881234",
      assistant_name: "Front desk",
      call_started_at: new Date(now - 3_600_000).toISOString(),
      call_duration: 185,
      call_status: "completed",
      caller_city: "Brno",
      caller_state: null,
      caller_country: "CZ",
      total_price: 0.04473,
      provider_price: 0.0497,
      eur_per_usd: 0.9,
      model: "gpt-realtime-2.1",
      language: "cs",
      transcript_removed: false,
      offer: false,
      outcome: null,
      // Recorded already ended, it has no conversation to summarise.
      summary: null,
      follow_up: null,
      follow_up_reason: null,
      summary_state: "skipped",
    });
    // Nothing billed: no price at all, rather than a price of zero.
    expect(items[1]).toMatchObject({ from_number: "browser", to_number: null, assistant_name: null, total_price: null, provider_price: null, model: null, language: null });
    // A billed line that cost nothing still has a price.
    expect(items[2]).toMatchObject({ call_status: "no-answer", call_duration: 0, total_price: 0 });
    expect(items[3]).toMatchObject({ direction: "outbound", to_number: "+420604222333" });
  });

  it.each([
    ["?limit=0", "limit", "The page size must be a whole number from 1 to 100."],
    ["?limit=101", "limit", "The page size must be a whole number from 1 to 100."],
    ["?limit=ten", "limit", "The page size must be a whole number from 1 to 100."],
    ["?limit=2.5", "limit", "The page size must be a whole number from 1 to 100."],
    ["?offset=-1", "offset", "The offset must be a whole number, 0 or more."],
    ["?offset=1e3", "offset", "The offset must be a whole number, 0 or more."],
    ["?offset=99999999999999999999", "offset", "The offset must be a whole number, 0 or more."],
  ])("refuses %s with a 422 naming the field", async (query, field, detail) => {
    const { owner } = await ownerWithSalon();
    const res = await owner.call(`/api/calls/list${query}`);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ detail, code: "validation_error", fields: { [field]: detail } });
  });

  it("answers a bad query in the caller's language", async () => {
    const owner = await signedInOwner({ "accept-language": "cs" });
    const res = await owner.call("/api/calls/stats?period=yesterday");
    expect(res.status).toBe(422);
    expect(res.json.detail).toBe("Zvolte jedno z období: today, this_week, this_month nebo last_30_days.");
  });
});

describe("a call's conversation and instructions", () => {
  it("lists the items in the order they happened, messages and function calls with their own fields", async () => {
    const { owner, salonId } = await ownerWithSalon();
    const id = await insertCall(salonId, { started: new Date(Date.now() - 600_000), instructions: "You are the receptionist of Salon Bella." });
    // Inserted out of order: the position decides.
    await sql`
      insert into call_items (call_id, salon_id, position, item_type, role, content, is_truncated, function_name, status, arguments, result, error, created_at)
      values
        (${id}, ${salonId}, 2, 'function_call', null, null, false, 'find_free_slots', 'failed', '{"date":"2026-11-30"}', null, 'Salon closed', now()),
        (${id}, ${salonId}, 0, 'conversation', 'assistant', 'Hello! How can I help you today?', false, null, null, null, null, null, now() - interval '2 minutes'),
        (${id}, ${salonId}, 1, 'conversation', 'user', 'I need a haircut on Monday.', false, null, null, null, null, null, now() - interval '1 minute'),
        (${id}, ${salonId}, 3, 'conversation', 'assistant', 'Sorry, we are closed on', true, null, null, null, null, null, now())`;

    const param = { id };
    const items = await ok(owner.api.calls.conversation[":id"].$get({ param }));
    expect(items.map((item) => item.item_type)).toEqual(["conversation", "conversation", "function_call", "conversation"]);
    expect(items[0]).toEqual({ item_type: "conversation", id: expect.any(String), created_at: expect.any(String), role: "assistant", content: "Hello! How can I help you today?", is_truncated: false });
    expect(items[2]).toEqual({
      item_type: "function_call",
      id: expect.any(String),
      created_at: expect.any(String),
      function_name: "find_free_slots",
      status: "failed",
      arguments: '{"date":"2026-11-30"}',
      result: null,
      error: "Salon closed",
    });
    expect(items[3]).toMatchObject({ role: "assistant", is_truncated: true });

    expect(await ok(owner.api.calls.instructions[":id"].$get({ param }))).toEqual({ instructions: "You are the receptionist of Salon Bella." });
  });

  it("is empty for a call with nothing recorded, and not found for a call that does not exist", async () => {
    const { owner, salonId } = await ownerWithSalon();
    const id = await insertCall(salonId, { started: new Date() });
    expect(await ok(owner.api.calls.conversation[":id"].$get({ param: { id } }))).toEqual([]);
    expect(await ok(owner.api.calls.instructions[":id"].$get({ param: { id } }))).toEqual({ instructions: null });
    for (const path of [`/api/calls/conversation/${crypto.randomUUID()}`, "/api/calls/conversation/not-a-uuid", `/api/calls/instructions/${crypto.randomUUID()}`]) {
      const res = await owner.call(path);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ detail: "Not found. It may have been deleted.", code: "not_found" });
    }
  });
});

describe("salons", () => {
  it("see only their own calls, conversations, instructions and statistics", async () => {
    const a = await ownerWithSalon();
    const b = await ownerWithSalon();
    const started = new Date(Date.now() - 60_000);
    const callOfA = await insertCall(a.salonId, { started, instructions: "Salon A's secrets" });
    await sql`insert into call_items (call_id, salon_id, position, item_type, role, content)
              values (${callOfA}, ${a.salonId}, 0, 'conversation', 'user', 'Private words')`;
    const callOfB = await insertCall(b.salonId, { started, model: 0.5 });

    expect((await list(a.owner)).items.map((call) => call.id)).toEqual([callOfA]);
    expect((await list(b.owner)).items.map((call) => call.id)).toEqual([callOfB]);
    expect((await list(b.owner)).total).toBe(1);
    const param = { id: callOfA };
    await refused(b.owner.api.calls.conversation[":id"].$get({ param }), 404);
    await refused(b.owner.api.calls.instructions[":id"].$get({ param }), 404);
    expect((await stats(a.owner, "last_30_days")).total_price).toBe(0.0086);
    expect((await stats(b.owner, "last_30_days")).total_price).toBe(0.43);
  });
});

// ---- statistics -------------------------------------------------------------------------

const DAY = 86_400_000;

/** The salon's midnight starting the day `offset` days from the date `date` (a UTC calendar date). */
function midnight(date: Date, offset: number, timeZone: string): Date {
  const day = new Date(date.getTime() + offset * DAY);
  return zonedInstant({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 0, minute: 0 }, timeZone);
}

/** Each period's first instant and the instant after it, worked out from the calendar here. */
function periods(timeZone: string, now = new Date()): Record<StatsPeriod, readonly [Date, Date]> {
  const wall = wallTime(now, timeZone);
  const today = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  const monday = -weekdayIndex(wall.year, wall.month, wall.day);
  const monthStart = new Date(Date.UTC(wall.year, wall.month - 1, 1));
  const nextMonth = new Date(Date.UTC(wall.year, wall.month, 1));
  return {
    today: [midnight(today, 0, timeZone), midnight(today, 1, timeZone)],
    this_week: [midnight(today, monday, timeZone), midnight(today, monday + 7, timeZone)],
    this_month: [midnight(monthStart, 0, timeZone), midnight(nextMonth, 0, timeZone)],
    last_30_days: [midnight(today, -29, timeZone), midnight(today, 1, timeZone)],
  } as const;
}

describe("call statistics", () => {
  it("are zero with every day of the period listed when there are no calls; today is the default", async () => {
    const { owner } = await ownerWithSalon("Europe/Prague");
    // Sent empty, which the typed client would not send, by path.
    const answer = await owner.call("/api/calls/stats?period=");
    expect(answer.status).toBe(200);
    const today = answer.json;
    expect(today).toMatchObject({ period: "today", time_zone: "Europe/Prague", total_calls: 0, total_price: 0, average_duration: 0, average_price_per_call: 0 });
    expect(today.days).toHaveLength(1);
    expect((await stats(owner, "this_week")).days).toHaveLength(7);
    expect((await stats(owner, "last_30_days")).days).toHaveLength(30);
    const month = await stats(owner, "this_month");
    expect(month.days[0]!.date.endsWith("-01")).toBe(true);
    expect(month.days.every((day) => day.calls === 0)).toBe(true);
  });

  it("sum in euros, each call at its own rate, average and count per day the calls of today", async () => {
    const { owner, salonId } = await ownerWithSalon("Europe/Prague");
    const [start] = periods("Europe/Prague").today;
    await insertCall(salonId, { started: new Date(start.getTime() + 60_000), duration: 60, model: 0.04, telephony: 0.01, rate: 0.9 });
    await insertCall(salonId, { started: new Date(start.getTime() + 120_000), duration: 90, model: 0.02, rate: 0.8 });
    await insertCall(salonId, { started: new Date(start.getTime() + 180_000), duration: null, status: "in-progress", model: 0, rate: null });
    const today = await stats(owner, "today");
    expect(today).toMatchObject({ total_calls: 3, total_price: 0.061, average_duration: 75, average_price_per_call: 0.020333 });
    expect(today.days).toEqual([{ date: today.start_date, calls: 3 }]);
  });

  it.each(["Asia/Tokyo", "America/New_York", "Pacific/Kiritimati"])(
    "count each period's calls by the salon's own midnight (%s), a minute either side of every boundary",
    async (timeZone) => {
      const { owner, salonId } = await ownerWithSalon(timeZone);
      const bounds = periods(timeZone);
      const instants = new Set<number>();
      for (const [from, to] of Object.values(bounds)) {
        for (const edge of [from, to]) {
          instants.add(edge.getTime() - 60_000);
          instants.add(edge.getTime() + 60_000);
        }
      }
      for (const instant of instants) await insertCall(salonId, { started: new Date(instant), duration: 100, model: 0.01, rate: 1 });

      for (const period of STATS_PERIODS) {
        const [from, to] = bounds[period];
        const expected = [...instants].filter((instant) => instant >= from.getTime() && instant < to.getTime());
        const result = await stats(owner, period);
        expect(result.total_calls, period).toBe(expected.length);
        expect(result.total_price, period).toBeCloseTo(expected.length * 0.01, 6);
        expect(result.average_duration, period).toBe(expected.length ? 100 : 0);
        expect(result.days.reduce((sum, day) => sum + day.calls, 0), period).toBe(expected.length);
        // The first and last day of the period each hold the call a minute inside their edge.
        expect(result.days[0]!.calls, period).toBeGreaterThanOrEqual(1);
        expect(result.days[result.days.length - 1]!.calls, period).toBeGreaterThanOrEqual(1);
      }
    },
  );

  it("move with the salon's time zone: a call just after midnight in Tokyo falls on the day before in New York", async () => {
    const { owner, salonId } = await ownerWithSalon("Asia/Tokyo");
    const [tokyoMidnight] = periods("Asia/Tokyo").today;
    const tokyoDay = await stats(owner, "today");
    await insertCall(salonId, { started: new Date(tokyoMidnight.getTime() + 60_000) });
    expect((await stats(owner, "today")).total_calls).toBe(1);
    const inTokyo = await stats(owner, "last_30_days");
    expect(inTokyo.days.filter((day) => day.calls > 0)).toEqual([{ date: tokyoDay.start_date, calls: 1 }]);

    // 00:01 in Tokyo is 10:01 (or 11:01 in summer) of the previous day in New York.
    await sql`update salons set time_zone = 'America/New_York' where id = ${salonId}`;
    const dayBefore = new Date(Date.parse(`${tokyoDay.start_date}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
    const inNewYork = await stats(owner, "last_30_days");
    expect(inNewYork.time_zone).toBe("America/New_York");
    expect(inNewYork.days.filter((day) => day.calls > 0)).toEqual([{ date: dayBefore, calls: 1 }]);
  });
});
