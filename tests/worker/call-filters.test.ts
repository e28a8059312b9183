import type { InferRequestType } from "hono/client";
import { afterAll, describe, expect, it } from "vitest";
import type { CallOutcome } from "../../contract/calls.ts";
import { sql } from "./auth-helpers.ts";
import { api, firstCallsPage, ok, refused } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

async function ownerWithSalon(headers: Record<string, string> = {}) {
  const owner = await signedInOwner(headers);
  await ok(owner.api.calls.list.$get({ query: firstCallsPage }));
  const [salon] = await sql<{ id: string }[]>`select s.id from salons s join users u on u.id = s.owner_id where u.email = ${owner.email}`;
  return { owner, salonId: salon!.id };
}

interface Seed {
  outcome?: CallOutcome | null;
  followUp?: boolean | null;
  reason?: string | null;
  summary?: string | null;
  state?: "pending" | "done" | "skipped" | "failed";
}

/**
 * `count` ended calls with what their summary said, one a minute back from `newest`
 * (outcome, summary and follow-up written as the summary's writer writes them, after the end).
 */
async function insertCalls(salonId: string, count: number, newest: Date, seed: Seed = {}): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    insert into calls (salon_id, direction, from_number, to_number, assistant_name, call_started_at, call_duration, call_status, model_cost, eur_per_usd,
                       outcome, summary, follow_up, follow_up_reason, summary_state)
    select ${salonId}, 'inbound', '+420777' || lpad(n::text, 6, '0'), '+420228881234', 'Front desk',
           ${newest}::timestamptz - n * interval '1 minute', 60, 'completed', 0.01, 0.86,
           ${seed.outcome ?? null}, ${seed.summary ?? null}, ${seed.followUp ?? null}, ${seed.reason ?? null}, ${seed.state ?? "done"}
    from generate_series(0, ${count - 1}) n
    returning id`;
  return rows.map((row) => row.id);
}

type ListQuery = InferRequestType<Owner["api"]["calls"]["list"]["$get"]>["query"];
const list = (owner: Owner, query: Partial<ListQuery> = {}) => ok(owner.api.calls.list.$get({ query: { ...firstCallsPage, ...query } }));

/** Every call a filter lists, page by page, newest first. */
async function everyPage(owner: Owner, filter: Partial<ListQuery>, limit: number) {
  const ids: string[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await list(owner, { ...filter, limit: String(limit), offset: String(offset) });
    if (page.items.length === 0) return { ids, total: page.total };
    ids.push(...page.items.map((call) => call.id));
  }
}

describe("filtering the call list", () => {
  it("lists the calls of one outcome, paged newest first, with the total of that outcome", async () => {
    const { owner, salonId } = await ownerWithSalon();
    const now = Date.now();
    // Interleaved in time, so every page of a filter has to skip the other outcomes' calls.
    const booked = [
      ...(await insertCalls(salonId, 30, new Date(now - 60_000), { outcome: "booked" })),
      ...(await insertCalls(salonId, 7, new Date(now - 90_000), { outcome: "booked" })),
    ];
    const answered = await insertCalls(salonId, 20, new Date(now - 75_000), { outcome: "question_answered" });
    await insertCalls(salonId, 5, new Date(now - 30_000), { outcome: null, state: "pending" });

    expect((await list(owner)).total).toBe(62);
    const bookedPages = await everyPage(owner, { outcome: "booked" }, 10);
    expect(bookedPages.total).toBe(37);
    const expected = await sql<{ id: string }[]>`
      select id from calls where salon_id = ${salonId} and outcome = 'booked' order by call_started_at desc, id desc`;
    // Pages in the older half come from the oldest end: the same order, no overlap, no gap.
    expect(bookedPages.ids).toEqual(expected.map((row) => row.id));
    expect(new Set(bookedPages.ids)).toEqual(new Set(booked));

    const answeredPage = await list(owner, { outcome: "question_answered", limit: "50" });
    expect(answeredPage.total).toBe(20);
    expect(answeredPage.items.map((call) => call.id).sort()).toEqual([...answered].sort());
    expect(answeredPage.items.every((call) => call.outcome === "question_answered")).toBe(true);

    // An outcome no call came to: an empty page, and a total of none.
    expect(await list(owner, { outcome: "cancelled" })).toEqual({ items: [], total: 0 });
    // Past the filter's end: nothing, with the filter's total.
    expect(await list(owner, { outcome: "booked", offset: "40" })).toEqual({ items: [], total: 37 });
    // An empty outcome is no filter (sent by path: the typed client holds an outcome to the known ones).
    expect((await owner.call("/api/calls/list?outcome=")).json.total).toBe(62);
  });

  it("lists the calls the salon should get back to, with their reasons", async () => {
    const { owner, salonId } = await ownerWithSalon();
    const now = Date.now();
    await insertCalls(salonId, 12, new Date(now - 60_000), { outcome: "booked", followUp: false, summary: "Booked a haircut." });
    const callBack = await insertCalls(salonId, 3, new Date(now - 90_000), {
      outcome: "no_action",
      followUp: true,
      summary: "Asked about a colour correction.",
      reason: "Wants a price for a colour correction.",
    });
    const bookedCallBack = await insertCalls(salonId, 1, new Date(now - 20_000), { outcome: "booked", followUp: true, reason: "Asked for a parking spot." });
    await insertCalls(salonId, 4, new Date(now - 10_000), { state: "pending" });

    const page = await list(owner, { follow_up: "true" });
    expect(page.total).toBe(4);
    expect(page.items.map((call) => call.id)).toEqual([...bookedCallBack, ...callBack]);
    expect(page.items[1]).toMatchObject({
      follow_up: true,
      follow_up_reason: "Wants a price for a colour correction.",
      summary: "Asked about a colour correction.",
      summary_state: "done",
    });
    expect((await list(owner, { follow_up: "true", limit: "2", offset: "2" })).items.map((call) => call.id)).toEqual(callBack.slice(1));
    // Both filters at once: the calls that pass both.
    expect((await list(owner, { follow_up: "true", outcome: "booked" })).items.map((call) => call.id)).toEqual(bookedCallBack);
    expect((await owner.call("/api/calls/list?follow_up=")).json.total).toBe(20);
  });

  it.each([
    ["?outcome=won", "outcome", "Wählen Sie eines der Ergebnisse: booked, rescheduled, cancelled, question_answered, handed_over, no_action, abandoned, voicemail oder no_answer."],
    ["?outcome=booked&outcome=cancelled", "outcome", "Wählen Sie eines der Ergebnisse: booked, rescheduled, cancelled, question_answered, handed_over, no_action, abandoned, voicemail oder no_answer."],
    ["?follow_up=yes", "follow_up", "Geben Sie follow_up als true an oder lassen Sie es weg."],
  ])("refuses %s in the caller's language, naming the field", async (query, field, detail) => {
    const { owner } = await ownerWithSalon({ "accept-language": "de" });
    const res = await owner.call(`/api/calls/list${query}`);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ detail, code: "validation_error", fields: { [field]: detail } });
  });

  it("counts only the salon's own calls", async () => {
    const a = await ownerWithSalon();
    const b = await ownerWithSalon();
    await insertCalls(a.salonId, 3, new Date(Date.now() - 60_000), { outcome: "booked", followUp: true, reason: "Call back." });
    const mine = await insertCalls(b.salonId, 1, new Date(Date.now() - 60_000), { outcome: "booked", followUp: true, reason: "Call back." });
    expect(await list(b.owner, { outcome: "booked" })).toMatchObject({ total: 1, items: [{ id: mine[0] }] });
    expect(await list(b.owner, { follow_up: "true" })).toMatchObject({ total: 1, items: [{ id: mine[0] }] });
  });
});

describe("one call", () => {
  it("answers the call as the list does, with its summary and follow-up", async () => {
    const { owner, salonId } = await ownerWithSalon();
    const [id] = await insertCalls(salonId, 1, new Date(Date.now() - 60_000), {
      outcome: "question_answered",
      summary: "Asked whether the salon takes cards. It does.",
      followUp: false,
      state: "done",
    });
    const call = await ok(owner.api.calls[":id"].$get({ param: { id: id! } }));
    expect(call).toMatchObject({
      id,
      outcome: "question_answered",
      summary: "Asked whether the salon takes cards. It does.",
      follow_up: false,
      follow_up_reason: null,
      summary_state: "done",
      from_number: "+420777000000",
      total_price: 0.0086,
    });
    expect((await list(owner)).items[0]).toEqual(call);
  });

  it("is not found for another salon's call or an unknown id, and a malformed id finds nothing either", async () => {
    const a = await ownerWithSalon();
    const b = await ownerWithSalon({ "accept-language": "de" });
    const [callOfA] = await insertCalls(a.salonId, 1, new Date(Date.now() - 60_000), { summary: "Private words." });
    await ok(a.owner.api.calls[":id"].$get({ param: { id: callOfA! } }));
    for (const id of [callOfA!, crypto.randomUUID(), "not-a-uuid", "123"]) {
      const refusal = await refused(b.owner.api.calls[":id"].$get({ param: { id } }), 404);
      expect(refusal.code, id).toBe("not_found");
      expect(JSON.stringify(refusal)).not.toContain("Private words.");
    }
  });

  it("needs a signed-in owner", async () => {
    const { owner, salonId } = await ownerWithSalon();
    const [id] = await insertCalls(salonId, 1, new Date());
    await ok(owner.api.calls[":id"].$get({ param: { id: id! } }));
    expect((await api(`/api/calls/${id}`)).status).toBe(401);
  });
});
