import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import worker from "../../worker/index.ts";
import type { Bindings } from "../../worker/env.ts";
import { sql } from "./auth-helpers.ts";
import { runJobAt } from "./cron-helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

const SALON = "/api/dashboard/salon";

/** An owner's salon keeping transcripts for `days` (null: forever), and its id. */
async function salonKeeping(days: number | null) {
  const owner = await signedInOwner();
  const saved = await owner.call(SALON, { method: "PUT", body: { name: "Salon Bella", transcript_retention_days: days } });
  expect(saved.status).toBe(200);
  const [row] = await sql<{ id: string }[]>`select s.id from salons s join users u on u.id = s.owner_id where u.email = ${owner.email}`;
  return { owner, salonId: row!.id };
}

/** A call that ended `daysAgo` days ago, with its instructions, a line said and a tool's call. */
async function callEnded(salonId: string, daysAgo: number) {
  const [call] = await sql<{ id: string }[]>`
    insert into calls (salon_id, direction, from_number, call_status, call_started_at, call_ended_at, call_duration, instructions)
    values (${salonId}, 'inbound', '+420603111222', 'completed', now() - make_interval(days => ${daysAgo}) - interval '3 minutes',
            now() - make_interval(days => ${daysAgo}), 180, 'You are the receptionist. The caller is calling from +420603111222.')
    returning id`;
  await sql`insert into call_items (call_id, salon_id, position, item_type, role, content)
            values (${call!.id}, ${salonId}, 0, 'conversation', 'user', 'This is Lucie, I would like a haircut.')`;
  await sql`insert into call_items (call_id, salon_id, position, item_type, function_name, status, arguments, result)
            values (${call!.id}, ${salonId}, 1, 'function_call', 'book_appointment', 'successful', '{"customer_name":"Lucie"}', '{"booked":true}')`;
  return call!.id;
}

async function words(callId: string) {
  const [call] = await sql<{ instructions: string | null; call_duration: number; removed: boolean }[]>`
    select instructions, call_duration, transcript_removed_at is not null as removed from calls where id = ${callId}`;
  const items = await sql<{ content: string | null; arguments: string | null; result: string | null }[]>`
    select content, arguments, result from call_items where call_id = ${callId} order by position`;
  return { ...call!, items };
}

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController(), env as Bindings, ctx);
  await waitOnExecutionContext(ctx);
}

describe("transcript retention", () => {
  it("is 90 days until the owner picks 30, 365 or forever, and refuses anything else in the caller's language", async () => {
    const owner = await signedInOwner({ "accept-language": "de" });
    expect((await owner.call(SALON)).json.transcript_retention_days).toBe(90);
    for (const days of [30, 365, null]) {
      expect((await owner.call(SALON, { method: "PUT", body: { name: "Salon Bella", transcript_retention_days: days } })).json.transcript_retention_days).toBe(days);
    }
    for (const days of [0, 45, "90", -1]) {
      const refused = await owner.call(SALON, { method: "PUT", body: { name: "Salon Bella", transcript_retention_days: days } });
      expect(refused.status).toBe(422);
      expect(refused.json).toMatchObject({ fields: { transcript_retention_days: "Wählen Sie als Aufbewahrungsdauer der Gesprächsverläufe 30 Tage, 90 Tage, 1 Jahr oder „Unbegrenzt“." } });
    }
    expect((await owner.call(SALON)).json.transcript_retention_days).toBe(null);
  });

  it("lets the cron remove the words of calls past each salon's own retention, and keep the calls", async () => {
    const month = await salonKeeping(30);
    const forever = await salonKeeping(null);
    const old = await callEnded(month.salonId, 31);
    const recent = await callEnded(month.salonId, 29);
    const kept = await callEnded(forever.salonId, 400);

    await runCron();

    expect(await words(old)).toEqual({
      instructions: null,
      call_duration: 180,
      removed: true,
      items: [
        { content: null, arguments: null, result: null },
        { content: null, arguments: null, result: null },
      ],
    });
    for (const id of [recent, kept]) {
      const call = await words(id);
      expect(call.removed).toBe(false);
      expect(call.instructions).toContain("+420603111222");
      expect(call.items.map((item) => item.content ?? item.arguments)).toEqual(["This is Lucie, I would like a haircut.", '{"customer_name":"Lucie"}']);
    }

    // The Calls screen says so, and still lists the call with its duration.
    const listed = (await month.owner.call("/api/calls/list")).json as { items: { id: string; transcript_removed: boolean; call_duration: number }[] };
    expect(listed.items.find((call) => call.id === old)).toMatchObject({ transcript_removed: true, call_duration: 180 });
    expect(listed.items.find((call) => call.id === recent)).toMatchObject({ transcript_removed: false });

    // Two days on by the cron's clock, the call of 29 days ago is past the month too; the kept one stays.
    await runJobAt("transcripts forgotten", new Date(Date.now() + 2 * 86_400_000));
    expect((await words(recent)).removed).toBe(true);
    expect((await words(kept)).removed).toBe(false);
  });
});
