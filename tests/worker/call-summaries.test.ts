import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import worker from "../../worker/index.ts";
import { database } from "../../worker/data/db.ts";
import { withTenant } from "../../worker/data/tenant.ts";
import type { Bindings } from "../../worker/env.ts";
import { summariseCall } from "../../worker/calls/engine/call-summary.ts";
import { loadCallSetup } from "../../worker/calls/engine/call-plan.ts";
import { faqSection } from "../../worker/calls/engine/live-call.ts";
import { runTool } from "../../worker/calls/engine/tools.ts";
import { sql } from "./auth-helpers.ts";
import { signedInOwner } from "./owner.ts";
import { withoutMessages } from "./call-helpers.ts";

afterAll(() => sql.end());

const bindings = env as Bindings;
const RESPONSES = inject("responsesUrl");
const control = (path: string) => new URL(path, RESPONSES).toString();

/** A request the fake Responses API received (tests/fakes/responses.ts). */
interface ReceivedRequest {
  authorization: string;
  body: { model: string; store: boolean; instructions: string; input: unknown; text: unknown };
}

/** The next request to the text model whose input holds `match` answers `reply` (or fails with `status`). */
async function script(match: string, answer: { reply?: unknown; status?: number; times?: number }) {
  const response = await fetch(control("/__script"), { method: "POST", body: JSON.stringify({ match, ...answer }) });
  expect(response.status).toBe(200);
}

async function requestsHolding(text: string): Promise<ReceivedRequest[]> {
  const all = (await (await fetch(control("/__requests"))).json()) as ReceivedRequest[];
  return all.filter((request) => JSON.stringify(request.body.input).includes(text));
}

/** A fresh owner's salon, its owner writing in `language`. */
async function salon(language = "cs") {
  const owner = await signedInOwner();
  await owner.call("/api/dashboard/salon", { method: "PUT", body: { name: "Salon Bella", time_zone: "Europe/Prague" } });
  const [row] = await sql<{ salon_id: string; owner_id: string }[]>`
    update users u set language = ${language} from salons s where s.owner_id = u.id and u.email = ${owner.email}
    returning s.id as salon_id, u.id as owner_id`;
  return { owner, salonId: row!.salon_id, ownerId: row!.owner_id };
}

type Item = { role: "user" | "assistant"; content: string } | { tool: string; ok: boolean };

/** A call of the salon with `items`, ended the way a session ends one; its id. */
async function endedCall(salonId: string, items: Item[], fields: { from_number?: string; client_id?: string } = {}) {
  const [call] = await sql<{ id: string }[]>`
    insert into calls (salon_id, direction, from_number, client_id, call_started_at)
    values (${salonId}, 'inbound', ${fields.from_number ?? "+420603111222"}, ${fields.client_id ?? null}, now() - interval '3 minutes') returning id`;
  for (const [position, item] of items.entries()) {
    if ("tool" in item) {
      await sql`insert into call_items (call_id, salon_id, position, item_type, function_name, status, arguments, result, error)
                values (${call!.id}, ${salonId}, ${position}, 'function_call', ${item.tool}, ${item.ok ? "successful" : "failed"},
                        '{"start":"2026-11-28 10:00"}', ${item.ok ? '{"appointment_id":"a1"}' : null}, ${item.ok ? null : "That time was just taken."})`;
    } else {
      await sql`insert into call_items (call_id, salon_id, position, item_type, role, content)
                values (${call!.id}, ${salonId}, ${position}, 'conversation', ${item.role}, ${item.content})`;
    }
  }
  await sql`update calls set call_status = 'completed', call_ended_at = now(), call_duration = 180, model_cost = 0.05, eur_per_usd = 0.86 where id = ${call!.id}`;
  return call!.id;
}

async function callRow(callId: string) {
  const [row] = await sql<
    {
      summary: string | null;
      follow_up: boolean | null;
      follow_up_reason: string | null;
      outcome: string | null;
      summary_state: string;
      summary_attempts: number;
      due_in_seconds: number | null;
      summary_cost: number;
      model_cost: number;
    }[]
  >`select summary, follow_up, follow_up_reason, outcome, summary_state, summary_attempts,
           extract(epoch from summary_due_at - now())::float8 as due_in_seconds, summary_cost::float8 as summary_cost, model_cost::float8 as model_cost
    from calls where id = ${callId}`;
  return row!;
}

async function questionsOf(salonId: string) {
  return sql<{ question: string; state: string; calls: string[] }[]>`
    select q.question, q.state, coalesce(json_agg(l.call_id order by l.created_at) filter (where l.call_id is not null), '[]'::json) as calls
    from salon_questions q left join salon_question_calls l on l.question_id = q.id
    where q.salon_id = ${salonId} group by q.id order by q.created_at`;
}

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController(), bindings, ctx);
  await waitOnExecutionContext(ctx);
}

const said = (content: string): Item => ({ role: "user", content });
const answered = (content: string): Item => ({ role: "assistant", content });

describe("a call's summary", () => {
  it("is written in the salon's language when the call ends, keeps the facts' outcome and files the unanswered questions", async () => {
    const { salonId, ownerId } = await salon("cs");
    const token = randomUUID();
    const callId = await endedCall(salonId, [
      answered("Dobrý den, Salon Bella."),
      said(`Tady Lucie ${token}, chtěla bych střih v sobotu v deset. A dá se u vás parkovat?`),
      { tool: "book_appointment", ok: true },
      answered("Zarezervováno na sobotu v 10:00. Na parkování se vás zeptám kolegyně."),
    ]);
    await script(token, {
      reply: {
        summary: "Volala Lucie a objednala si střih na sobotu v 10:00. Ptala se na parkování, na které asistentka neznala odpověď.",
        outcome: "no_action",
        follow_up: true,
        follow_up_reason: "Zavolejte Lucii a řekněte jí, kde se dá parkovat.",
        unanswered_questions: [{ question: "Dá se u salonu parkovat?", repeats: null }],
      },
    });

    await summariseCall(bindings, { salonId, ownerId }, callId);

    const row = await callRow(callId);
    expect(row).toMatchObject({
      summary: "Volala Lucie a objednala si střih na sobotu v 10:00. Ptala se na parkování, na které asistentka neznala odpověď.",
      follow_up: true,
      follow_up_reason: "Zavolejte Lucii a řekněte jí, kde se dá parkovat.",
      // A booking is a fact: the model's "no action" does not overrule it.
      outcome: "booked",
      summary_state: "done",
    });
    // What the text model billed is part of the call's cost.
    expect(row.summary_cost).toBeGreaterThan(0);
    expect(row.model_cost).toBeCloseTo(0.05 + row.summary_cost, 6);
    expect(await questionsOf(salonId)).toEqual([{ question: "Dá se u salonu parkovat?", state: "open", calls: [callId] }]);

    const [request] = await requestsHolding(token);
    expect(request!.authorization).toBe("Bearer test-openai-key");
    expect(request!.body).toMatchObject({ model: "gpt-5-mini", store: false, text: { format: { type: "json_schema", strict: true } } });
    expect(request!.body.instructions).toContain("Write every text in Czech");
    const input = JSON.stringify(request!.body.input);
    expect(input).toContain(`Caller: Tady Lucie ${token}`);
    expect(input).toContain("What its tools did: booked.");
    expect(input).toContain("[The assistant used book_appointment with");

    // Summarised once: a second attempt finds nothing to do and asks nothing.
    await summariseCall(bindings, { salonId, ownerId }, callId);
    expect(await requestsHolding(token)).toHaveLength(1);
  });

  it("gives the outcome when only the words could tell, and leaves out a follow-up reason without a follow-up", async () => {
    const { salonId, ownerId } = await salon("de");
    const token = randomUUID();
    const callId = await endedCall(salonId, [said(`Wann haben Sie samstags offen? ${token}`), answered("Samstags von neun bis zwei.")]);
    await script(token, {
      reply: { summary: "Ein Anrufer fragte nach den Öffnungszeiten am Samstag.", outcome: "question_answered", follow_up: false, follow_up_reason: "nichts", unanswered_questions: [] },
    });
    await summariseCall(bindings, { salonId, ownerId }, callId);
    expect(await callRow(callId)).toMatchObject({ outcome: "question_answered", follow_up: false, follow_up_reason: null, summary_state: "done" });
    expect((await requestsHolding(token))[0]!.body.instructions).toContain("Write every text in German");
  });

  it("groups a question with the open one it repeats, by the model's word or by wording, and opens a new one otherwise", async () => {
    const { salonId, ownerId } = await salon("en");
    const ask = async (words: string, reply: { question: string; repeats: number | null }[]) => {
      const token = randomUUID();
      const callId = await endedCall(salonId, [said(`${words} ${token}`), answered("I am not sure, sorry.")]);
      await script(token, { reply: { summary: "A caller asked a question.", outcome: "no_action", follow_up: false, follow_up_reason: null, unanswered_questions: reply } });
      await summariseCall(bindings, { salonId, ownerId }, callId);
      return { callId, input: JSON.stringify((await requestsHolding(token))[0]!.body.input) };
    };
    const first = await ask("Can I park near the salon?", [{ question: "Is there parking near the salon?", repeats: null }]);
    expect(first.input).toContain("# Open questions (earlier callers', not answered yet)\\nNone.");
    // The model sees the open questions numbered and says which one is asked again.
    const second = await ask("Where do I leave my car?", [{ question: "Where can clients leave their car?", repeats: 1 }]);
    expect(second.input).toContain("1. Is there parking near the salon?");
    // Nearly the same wording joins it without the model's word.
    const third = await ask("parking?", [{ question: "Is there parking near the salon ?", repeats: null }]);
    const fourth = await ask("Do you sell gift vouchers?", [{ question: "Do you sell gift vouchers?", repeats: null }]);
    // A number that names no open question is no repeat.
    const fifth = await ask("Do you take cards?", [{ question: "Can clients pay by card?", repeats: 7 }]);
    expect(await questionsOf(salonId)).toEqual([
      { question: "Is there parking near the salon?", state: "open", calls: [first.callId, second.callId, third.callId] },
      { question: "Do you sell gift vouchers?", state: "open", calls: [fourth.callId] },
      { question: "Can clients pay by card?", state: "open", calls: [fifth.callId] },
    ]);
  });

  it("is not asked for when nobody spoke, nor for the public demo", async () => {
    const { salonId, ownerId } = await salon();
    const silent = await endedCall(salonId, [answered("Hello, Salon Bella?")]);
    expect((await callRow(silent)).summary_state).toBe("skipped");
    const [demo] = await sql<{ id: string }[]>`insert into calls (salon_id, direction, from_number, is_demo) values (${salonId}, 'inbound', 'browser', true) returning id`;
    await sql`insert into call_items (call_id, salon_id, position, item_type, role, content) values (${demo!.id}, ${salonId}, 0, 'conversation', 'user', 'Hi there')`;
    await sql`update calls set call_status = 'completed', call_ended_at = now() where id = ${demo!.id}`;
    expect((await callRow(demo!.id)).summary_state).toBe("skipped");
    const before = ((await (await fetch(control("/__requests"))).json()) as unknown[]).length;
    await summariseCall(bindings, { salonId, ownerId }, silent);
    await summariseCall(bindings, { salonId, ownerId }, demo!.id);
    expect(((await (await fetch(control("/__requests"))).json()) as unknown[]).length).toBe(before);
  });

  it("waits longer after each failure, is taken up again by the cron, and is given up after the fifth attempt", async () => {
    const { salonId, ownerId } = await salon();
    const token = randomUUID();
    const callId = await endedCall(salonId, [said(`Hello ${token}`), answered("Hello!")]);
    // Down twice, then an answer that is not the asked shape, then down twice more.
    await script(token, { status: 500, times: 2 });
    await summariseCall(bindings, { salonId, ownerId }, callId);
    let row = await callRow(callId);
    expect(row).toMatchObject({ summary_state: "pending", summary_attempts: 1, summary: null });
    // The runner's first wait, a minute.
    expect(row.due_in_seconds).toBeGreaterThan(50);
    expect(row.due_in_seconds).toBeLessThanOrEqual(60);
    // Not due yet: the cron leaves it.
    await runCron();
    expect((await callRow(callId)).summary_attempts).toBe(1);

    const waits: number[] = [];
    for (const next of [{ status: 0 }, { reply: { summary: "" } }, { status: 429, times: 2 }]) {
      if (next.status !== 0) await script(token, next);
      for (let i = 0; i < ("times" in next ? next.times! : 1); i++) {
        await sql`update calls set summary_due_at = now() where id = ${callId}`;
        await runCron();
        row = await callRow(callId);
        if (row.due_in_seconds !== null) waits.push(Math.round(row.due_in_seconds / 60));
      }
    }
    expect(row).toMatchObject({ summary_state: "failed", summary_attempts: 5, summary: null, due_in_seconds: null });
    expect(waits).toEqual([5, 15, 60]);
    expect(await requestsHolding(token)).toHaveLength(5);
  });

  it("is written by the cron for a call whose session closed without it", async () => {
    const { salonId } = await salon();
    const token = randomUUID();
    const callId = await endedCall(salonId, [said(`Is Jana in today? ${token}`), answered("Yes, until six.")]);
    // A run takes a batch of the due calls: other tests' calls may come first.
    for (let run = 0; run < 10 && (await callRow(callId)).summary_state === "pending"; run++) await runCron();
    expect(await callRow(callId)).toMatchObject({ summary_state: "done", summary: "The caller spoke with the assistant." });
  });

  it("cannot be claimed through another salon", async () => {
    const mine = await salon();
    const theirs = await salon();
    const callId = await endedCall(mine.salonId, [said(`Hello ${randomUUID()}`)]);
    await summariseCall(bindings, { salonId: theirs.salonId, ownerId: theirs.ownerId }, callId);
    expect(await callRow(callId)).toMatchObject({ summary_state: "pending", summary_attempts: 0 });
  });

  it("and the questions' ties to a client's calls are erased with the client", async () => {
    const { owner, salonId, ownerId } = await salon();
    const [client] = await sql<{ id: string }[]>`insert into clients (salon_id, name, source) values (${salonId}, 'Lucie Nováková', 'call') returning id`;
    await sql`insert into client_phones (salon_id, phone, client_id) values (${salonId}, '+420777000111', ${client!.id})`;
    const token = randomUUID();
    const callId = await endedCall(salonId, [said(`This is Lucie Nováková ${token}, can I park there?`)], { from_number: "+420777000111", client_id: client!.id });
    await script(token, {
      reply: { summary: "Lucie Nováková asked about parking.", outcome: "no_action", follow_up: true, follow_up_reason: "Call Lucie back.", unanswered_questions: [{ question: "Is there parking?", repeats: null }] },
    });
    await summariseCall(bindings, { salonId, ownerId }, callId);
    expect((await owner.call(`/api/dashboard/clients/${client!.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await callRow(callId)).toMatchObject({ summary: null, follow_up_reason: null, outcome: "no_action" });
    expect(await questionsOf(salonId)).toEqual([{ question: "Is there parking?", state: "open", calls: [] }]);
  });
});

describe("the salon's FAQ", () => {
  it("is told in full on every call while short, and looked up with get_salon_faq when long", async () => {
    const { owner, salonId, ownerId } = await salon("cs");
    const assistant = await owner.call("/api/dashboard/assistant/config", { body: { name: "Recepce" } });
    await sql`insert into salon_questions (salon_id, question, answer, state) values
      (${salonId}, 'Dá se u salonu parkovat?', 'Ano, ve dvoře za domem, zdarma.', 'answered'),
      (${salonId}, 'Prodáváte dárkové poukazy?', 'Ano, na libovolnou částku.', 'answered'),
      (${salonId}, 'Máte bezbariérový přístup?', null, 'open')`;
    const setup = await withTenant(database(bindings), { salonId, userId: ownerId }, (scope) => loadCallSetup(scope, assistant.json.id as string));
    const section = faqSection(setup!.faq, "cs");
    expect(section).toContain("- Q: Dá se u salonu parkovat?\n  A: Ano, ve dvoře za domem, zdarma.");
    expect(section).toContain("- Q: Prodáváte dárkové poukazy?");
    // An open question has no answer to give.
    expect(section).not.toContain("bezbariérový");

    const long = Array.from({ length: 40 }, (_, i) => ({ question: `Question ${i}?`, answer: "An answer of about two hundred characters. ".repeat(5) }));
    const lookup = faqSection(long, "cs");
    expect(lookup).toContain("The salon has answered 40 questions callers ask. Before saying you do not know something about the salon, look it up with get_salon_faq, asking in Czech");
    expect(lookup).not.toContain("Question 0?");

    const tools = { db: database(bindings), salonId, ownerId, timeZone: "Europe/Prague", country: "CZ" as const, callerNumber: null, ...withoutMessages };
    const found = await runTool(tools, "get_salon_faq", JSON.stringify({ question: "parkovat" }));
    // The closest answer first; the model judges whether it answers the caller.
    expect(found.ok && (found.result as { answers: unknown[] }).answers[0]).toEqual({ question: "Dá se u salonu parkovat?", answer: "Ano, ve dvoře za domem, zdarma." });
    const other = await salon();
    const none = await runTool({ ...tools, salonId: other.salonId, ownerId: other.ownerId }, "get_salon_faq", JSON.stringify({ question: "parkovat" }));
    expect(none).toMatchObject({ ok: true, result: { answers: [] } });
  });
});
