import { afterAll, describe, expect, it } from "vitest";
import { QUESTION_LIMITS, type Question, type QuestionState } from "../../contract/questions.ts";
import { openPhoneCall } from "../../worker/data/calls.ts";
import { fileUnansweredQuestions, salonFaq } from "../../worker/data/questions.ts";
import { sql } from "./auth-helpers.ts";
import { czechSalon, type Owner } from "./client-helpers.ts";
import { ok, refused } from "./helpers.ts";

afterAll(() => sql.end());

const deskOf = async (owner: Owner) => (await ok(owner.api.dashboard.assistant.config.$post({ json: { name: "Desk" } }), 201)).id;

/**
 * A Czech salon whose callers asked three questions the assistant could not answer: parking
 * on three calls (two of them worded alike), then gift vouchers, then dogs, each call a
 * minute after the one before.
 */
async function salonWithQuestions() {
  const salon = await czechSalon();
  const assistantId = await deskOf(salon.owner);
  const asked: [string, string][] = [
    ["+420777100001", "Dá se u vás parkovat?"],
    ["+420777100002", "Kde se u vás dá zaparkovat?"],
    ["+420777100003", "Prodáváte dárkové poukazy?"],
    ["+420777100004", "Dá se u vás parkovat?"],
    ["+420777100005", "Můžu vzít psa?"],
  ];
  const calls: string[] = [];
  const start = Date.now() - 60 * 60_000;
  for (const [index, [from, question]] of asked.entries()) {
    const callId = await salon.inSalon((scope) =>
      openPhoneCall(scope, { assistantId, assistantName: "Desk", callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`, from, to: "+420225000111", city: null, state: null, country: "CZ" }),
    );
    await sql`update calls set call_started_at = ${new Date(start + index * 60_000)} where id = ${callId}`;
    // The second parking question is the summary's own wording of the first, which it says it repeats.
    const repeats = index === 1 ? (await sql<{ id: string }[]>`select id from salon_questions where salon_id = ${salon.salonId}`)[0]!.id : null;
    await salon.inSalon((scope) => fileUnansweredQuestions(scope, callId, [{ question, repeats }]));
    calls.push(callId);
  }
  return { ...salon, calls };
}

const list = async (owner: Owner, state: QuestionState = "open") => (await ok(owner.api.dashboard.questions.$get({ query: { state } }))).items;

/** One question's routes, as `owner`. */
const question = (owner: Owner, id: string) => {
  const route = owner.api.dashboard.questions[":id"];
  const param = { id };
  return {
    answer: (json: { question: string; answer: string }) => route.$put({ param, json }),
    dismiss: () => route.dismiss.$post({ param }),
    reopen: () => route.reopen.$post({ param }),
    remove: () => route.$delete({ param }),
  };
};

const byText = (items: Question[], text: string) => items.find((item) => item.question === text)!;

describe("the questions callers asked", () => {
  it("are listed open by default, last asked first, each with how often and on which calls", async () => {
    const { owner, calls } = await salonWithQuestions();
    const open = await list(owner);
    // Asked with no state, which the typed client always names, by path.
    expect((await owner.call("/api/dashboard/questions")).json.items).toEqual(open);
    expect(open.map((item) => [item.question, item.asked_count])).toEqual([
      ["Můžu vzít psa?", 1],
      // Asked again on the fourth call, so above the vouchers asked on the third.
      ["Dá se u vás parkovat?", 3],
      ["Prodáváte dárkové poukazy?", 1],
    ]);
    const parking = byText(open, "Dá se u vás parkovat?");
    expect(parking).toMatchObject({ state: "open", answer: null });
    expect(parking.calls.map((call) => [call.call_id, call.from_number, call.asked])).toEqual([
      [calls[3], "+420777100004", "Dá se u vás parkovat?"],
      [calls[1], "+420777100002", "Kde se u vás dá zaparkovat?"],
      [calls[0], "+420777100001", "Dá se u vás parkovat?"],
    ]);
    expect(Date.parse(parking.calls[0]!.call_started_at)).toBeGreaterThan(Date.parse(parking.calls[1]!.call_started_at));
    expect(await list(owner, "answered")).toEqual([]);
    expect(await list(owner, "dismissed")).toEqual([]);
  });

  it("lists only the newest calls of a question asked on many", async () => {
    const salon = await czechSalon();
    const assistantId = await deskOf(salon.owner);
    for (let n = 0; n < QUESTION_LIMITS.callsShown + 2; n++) {
      const callId = await salon.inSalon((scope) =>
        openPhoneCall(scope, { assistantId, assistantName: "Desk", callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`, from: `+42077720000${n}`, to: "+420225000111", city: null, state: null, country: "CZ" }),
      );
      await salon.inSalon((scope) => fileUnansweredQuestions(scope, callId, [{ question: "Máte otevřeno o svátcích?", repeats: null }]));
    }
    const [question] = await list(salon.owner);
    expect(question!.asked_count).toBe(QUESTION_LIMITS.callsShown + 2);
    expect(question!.calls).toHaveLength(QUESTION_LIMITS.callsShown);
  });

  it("join the FAQ when answered, with the owner's wording, and the FAQ entry can be edited", async () => {
    const { owner, inSalon } = await salonWithQuestions();
    const parking = byText(await list(owner), "Dá se u vás parkovat?");
    const answered = await ok(question(owner, parking.id).answer({ question: "  Kde se dá zaparkovat?  ", answer: "Ve dvoře za salonem, vjezd z Italské ulice." }));
    expect(answered).toMatchObject({ id: parking.id, state: "answered", question: "Kde se dá zaparkovat?", answer: "Ve dvoře za salonem, vjezd z Italské ulice.", asked_count: 3 });

    expect((await list(owner)).map((item) => item.question)).toEqual(["Můžu vzít psa?", "Prodáváte dárkové poukazy?"]);
    expect((await list(owner, "answered")).map((item) => item.id)).toEqual([parking.id]);
    expect(await inSalon((scope) => salonFaq(scope))).toEqual([{ question: "Kde se dá zaparkovat?", answer: "Ve dvoře za salonem, vjezd z Italské ulice." }]);

    await ok(question(owner, parking.id).answer({ question: "Kde se dá zaparkovat?", answer: "Na parkovišti u tržnice." }));
    expect(await inSalon((scope) => salonFaq(scope))).toEqual([{ question: "Kde se dá zaparkovat?", answer: "Na parkovišti u tržnice." }]);
  });

  it("take FAQ entries of the owner's own", async () => {
    const { owner, inSalon } = await czechSalon();
    const added = await ok(owner.api.dashboard.questions.$post({ json: { question: "Berete karty?", answer: "Ano, platit můžete kartou i mobilem." } }), 201);
    expect(added).toMatchObject({ state: "answered", asked_count: 0, calls: [] });
    expect((await list(owner, "answered")).map((item) => item.question)).toEqual(["Berete karty?"]);
    expect(await inSalon((scope) => salonFaq(scope))).toEqual([{ question: "Berete karty?", answer: "Ano, platit můžete kartou i mobilem." }]);
    expect(await list(owner)).toEqual([]);
  });

  it("can be set aside and taken back to their place, but an FAQ entry is edited or deleted instead", async () => {
    const { owner } = await salonWithQuestions();
    const before = await list(owner);
    const vouchers = byText(before, "Prodáváte dárkové poukazy?");
    expect((await ok(question(owner, vouchers.id).dismiss())).state).toBe("dismissed");
    expect((await list(owner)).map((item) => item.id)).not.toContain(vouchers.id);
    expect((await list(owner, "dismissed")).map((item) => item.id)).toEqual([vouchers.id]);

    await ok(question(owner, vouchers.id).reopen());
    expect((await list(owner)).map((item) => item.id)).toEqual(before.map((item) => item.id));
    expect(await list(owner, "dismissed")).toEqual([]);

    const dog = byText(before, "Můžu vzít psa?");
    const inFaq = question(owner, dog.id);
    await ok(inFaq.answer({ question: dog.question, answer: "Pejsci jsou vítáni." }));
    for (const move of [inFaq.dismiss, inFaq.reopen]) {
      expect(await refused(move(), 409)).toMatchObject({ code: "in_faq", detail: "This question is in your FAQ. Edit or delete it there." });
    }
    expect((await list(owner, "answered")).map((item) => item.id)).toEqual([dog.id]);
  });

  it("are deleted with the record of the calls they were asked on, and the calls stay", async () => {
    const { owner, calls } = await salonWithQuestions();
    const parking = byText(await list(owner), "Dá se u vás parkovat?");
    await ok(question(owner, parking.id).remove(), 204);
    expect((await list(owner)).map((item) => item.question)).toEqual(["Můžu vzít psa?", "Prodáváte dárkové poukazy?"]);
    expect(await sql`select from salon_question_calls where question_id = ${parking.id}`).toHaveLength(0);
    expect(await sql`select from calls where id in ${sql(calls)}`).toHaveLength(calls.length);
    await refused(question(owner, parking.id).remove(), 404);
  });
});

describe("one salon's questions", () => {
  it("are neither seen nor changed from another salon", async () => {
    const first = await salonWithQuestions();
    const other = await czechSalon();
    const theirs = await list(first.owner);
    expect(await list(other.owner)).toEqual([]);

    const taken = question(other.owner, theirs[0]!.id);
    for (const attempt of [taken.answer({ question: "Převzato?", answer: "Ano." }), taken.dismiss(), taken.reopen(), taken.remove()]) {
      expect((await refused(attempt, 404)).detail).toBe("Not found. It may have been deleted.");
    }
    expect(await list(first.owner)).toEqual(theirs);
    // An entry of the other's own stays theirs.
    await ok(other.owner.api.dashboard.questions.$post({ json: { question: "Máte Wi-Fi?", answer: "Ano." } }), 201);
    expect(await list(first.owner, "answered")).toEqual([]);
  });
});

describe("the limits", () => {
  async function fillFaq(salonId: string, entries: number) {
    await sql`insert into salon_questions (salon_id, question, answer, state)
              select ${salonId}, 'Otázka ' || n, 'Odpověď ' || n, 'answered' from generate_series(1, ${entries}) n`;
  }

  it("refuse a new answer when the FAQ is full, naming its size, and still let its entries be edited", async () => {
    const { owner, salonId } = await salonWithQuestions();
    await fillFaq(salonId, QUESTION_LIMITS.faqEntries);
    const dog = byText(await list(owner), "Můžu vzít psa?");
    const refusals = [
      await refused(question(owner, dog.id).answer({ question: dog.question, answer: "Ano." }), 409),
      await refused(owner.api.dashboard.questions.$post({ json: { question: "Máte Wi-Fi?", answer: "Ano." } }), 409),
    ];
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        code: "faq_full",
        detail: "Your FAQ already holds 100 answers, as many as a salon can keep. Delete one you no longer need, then add this one.",
      });
    }
    expect(byText(await list(owner), "Můžu vzít psa?").state).toBe("open");

    const entry = (await list(owner, "answered"))[0]!;
    await ok(question(owner, entry.id).answer({ question: entry.question, answer: "Jinak." }));
  });

  it("let only one of two answers given at once take the FAQ's last place", async () => {
    const { owner, salonId } = await salonWithQuestions();
    await fillFaq(salonId, QUESTION_LIMITS.faqEntries - 1);
    const [dog, vouchers] = [byText(await list(owner), "Můžu vzít psa?"), byText(await list(owner), "Prodáváte dárkové poukazy?")];
    const answers = await Promise.all(
      [dog, vouchers].map((asked) => question(owner, asked.id).answer({ question: asked.question, answer: "Ano." })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await list(owner, "answered")).toHaveLength(QUESTION_LIMITS.faqEntries);
  });

  it("refuse taking a question back when the open list is full", async () => {
    const { owner, salonId } = await salonWithQuestions();
    const vouchers = byText(await list(owner), "Prodáváte dárkové poukazy?");
    await ok(question(owner, vouchers.id).dismiss());
    await sql`insert into salon_questions (salon_id, question)
              select ${salonId}, 'Otázka ' || n from generate_series(1, ${QUESTION_LIMITS.openQuestions - 2}) n`;
    expect(await refused(question(owner, vouchers.id).reopen(), 409)).toMatchObject({ code: "open_full", detail: "You already have 500 open questions. Answer or dismiss some of them first." });
  });
});

describe("bad input, in German", () => {
  it("is refused with the reason in the owner's language", async () => {
    const { owner } = await salonWithQuestions();
    const german = { "accept-language": "de" };
    const [open] = await list(owner);
    const put = (body: unknown) => owner.call(`/api/dashboard/questions/${open!.id}`, { method: "PUT", body, headers: german });
    const cases: [Awaited<ReturnType<typeof put>>, number, string][] = [
      [await put({ question: "   ", answer: "Ja." }), 422, "Geben Sie die Frage ein."],
      [await put({ question: "Parken?", answer: "" }), 422, "Geben Sie die Antwort ein, die der Assistent geben soll."],
      [await put({ question: "Parken?" }), 422, "Geben Sie die Antwort ein, die der Assistent geben soll."],
      [await put({ question: "x".repeat(QUESTION_LIMITS.question + 1), answer: "Ja." }), 422, "Dieser Text ist zu lang."],
      [await put({ question: "Parken?", answer: "x".repeat(QUESTION_LIMITS.answer + 1) }), 422, "Dieser Text ist zu lang."],
      [await put({ question: "Par\u0000ken?", answer: "Ja." }), 422, "Dieser Text enthält Zeichen, die sich nicht speichern lassen, etwa unsichtbare Steuerzeichen. Bitte geben Sie ihn neu ein."],
      [await put(["Parken?"]), 422, "Der Inhalt der Anfrage muss ein JSON-Objekt sein."],
      [await owner.call(`/api/dashboard/questions/${open!.id}`, { method: "PUT", rawBody: "{", headers: { ...german, "content-type": "application/json" } }), 400, "Der Inhalt der Anfrage ist kein gültiges JSON."],
      [await owner.call("/api/dashboard/questions?state=forgotten", { headers: german }), 422, "Wählen Sie offene, beantwortete oder ausgeblendete Fragen."],
      // An address that names no question, well-formed or not, is not found, as everywhere in the API.
      [await owner.call("/api/dashboard/questions/not-a-question/dismiss", { method: "POST", headers: german }), 404, "Der Eintrag wurde nicht gefunden. Möglicherweise wurde er gelöscht."],
      [await owner.call("/api/dashboard/questions/123", { method: "DELETE", headers: german }), 404, "Der Eintrag wurde nicht gefunden. Möglicherweise wurde er gelöscht."],
      [await owner.call(`/api/dashboard/questions/${crypto.randomUUID()}/reopen`, { method: "POST", headers: german }), 404, "Der Eintrag wurde nicht gefunden. Möglicherweise wurde er gelöscht."],
    ];
    for (const [response, status, detail] of cases) {
      expect(response.status, response.text).toBe(status);
      expect(response.json.detail).toBe(detail);
    }
    // Nothing of it changed the question.
    expect((await list(owner))[0]).toEqual(open);
  });
});
