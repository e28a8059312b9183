import { QUESTION_LIMITS, type Question, type QuestionAnswerInput, type QuestionState } from "../../contract/questions.ts";
import { DataError, notFound } from "./errors.ts";
import type { TenantScope } from "./tenant.ts";

/*
 * The questions callers asked that the assistant could not answer, and the salon's FAQ: an
 * open question becomes an FAQ entry once the owner answers it.
 */

export interface FaqEntry {
  question: string;
  answer: string;
}

/** The salon's FAQ, most recently changed first: what every call is told. */
export async function salonFaq({ sql, salonId }: TenantScope): Promise<FaqEntry[]> {
  return sql<FaqEntry[]>`
    select question, answer from salon_questions
    where salon_id = ${salonId} and state = 'answered'
    order by updated_at desc, id
    limit ${QUESTION_LIMITS.faqEntries}`;
}

/**
 * The FAQ entries closest to a caller's question, by shared trigrams of the words, for a
 * salon whose FAQ is too long to be told in full.
 */
export async function searchFaq({ sql, salonId }: TenantScope, question: string, limit: number): Promise<FaqEntry[]> {
  return sql<FaqEntry[]>`
    select question, answer from salon_questions
    where salon_id = ${salonId} and state = 'answered'
    order by word_similarity(${question}, question || ' ' || answer) desc, updated_at desc
    limit ${limit}`;
}

/** An open question, as a call's summary is shown them so a repeated one joins its group. */
export interface OpenQuestion {
  id: string;
  question: string;
}

/** How many open questions a summary is shown: the most recently asked. */
const OPEN_QUESTIONS_SHOWN = 50;

export async function recentOpenQuestions({ sql, salonId }: TenantScope): Promise<OpenQuestion[]> {
  return sql<OpenQuestion[]>`
    select id, question from salon_questions
    where salon_id = ${salonId} and state = 'open'
    order by updated_at desc, id
    limit ${OPEN_QUESTIONS_SHOWN}`;
}

/** How alike two wordings must be to count as one question (pg_trgm's similarity, 0 to 1). */
const QUESTION_GROUPING = 0.6;

/** A question a call's summary found unanswered: `repeats` is the open question it asks again, if any. */
export interface UnansweredQuestion {
  question: string;
  repeats: string | null;
}

/**
 * Files a call's unanswered questions: one the summary says repeats an open question joins it
 * (and moves it to the top); one worded nearly like an open question (trigram similarity of
 * QUESTION_GROUPING at least) joins that; any other opens a new question while the salon has
 * room for one.
 */
export async function fileUnansweredQuestions({ sql, salonId }: TenantScope, callId: string, questions: UnansweredQuestion[]): Promise<void> {
  for (const { question, repeats } of questions) {
    const [existing] = await sql<{ id: string }[]>`
      select id from salon_questions
      where salon_id = ${salonId} and state = 'open'
        and (id = ${repeats}::uuid or similarity(question, ${question}) >= ${QUESTION_GROUPING})
      order by (id = ${repeats}::uuid) is true desc, similarity(question, ${question}) desc
      limit 1`;
    let id = existing?.id;
    if (id) {
      await sql`update salon_questions set updated_at = now() where id = ${id} and salon_id = ${salonId}`;
    } else {
      const [created] = await sql<{ id: string }[]>`
        insert into salon_questions (salon_id, question)
        select ${salonId}, ${question}
        where (select count(*) from salon_questions where salon_id = ${salonId} and state = 'open') < ${QUESTION_LIMITS.openQuestions}
        returning id`;
      id = created?.id;
    }
    if (id) {
      await sql`
        insert into salon_question_calls (salon_id, question_id, call_id, asked)
        values (${salonId}, ${id}, ${callId}, ${question})
        on conflict do nothing`;
    }
  }
}

/*
 * The owner's side: the lists of the Assistants screen, answers (which put a question in the
 * FAQ), entries of the owner's own, setting a question aside and taking it back, deleting.
 */

interface QuestionRow extends Omit<Question, "created_at" | "updated_at"> {
  created_at: Date;
  updated_at: Date;
}

/**
 * The salon's questions of one state, or the one of `id`: each with the number of calls it
 * was asked on and the newest of them. Most recently asked (or changed) first, as many as the
 * open list may hold: the FAQ holds fewer, and dismissed questions past that are old news.
 */
async function readQuestions({ sql, salonId }: TenantScope, which: { state: QuestionState } | { id: string }): Promise<Question[]> {
  const rows = await sql<QuestionRow[]>`
    select q.id, q.question, q.answer, q.state, q.created_at, q.updated_at,
      (select count(*)::int from salon_question_calls qc where qc.salon_id = ${salonId} and qc.question_id = q.id) as asked_count,
      coalesce((
        select json_agg(json_build_object('call_id', asked.call_id, 'asked', asked.asked,
                                          'call_started_at', asked.call_started_at, 'from_number', asked.from_number)
                        order by asked.call_started_at desc)
        from (
          select qc.call_id, qc.asked, c.call_started_at, c.from_number
          from salon_question_calls qc join calls c on c.salon_id = qc.salon_id and c.id = qc.call_id
          where qc.salon_id = ${salonId} and qc.question_id = q.id
          order by c.call_started_at desc
          limit ${QUESTION_LIMITS.callsShown}
        ) asked
      ), '[]') as calls
    from salon_questions q
    where q.salon_id = ${salonId} and ${"id" in which ? sql`q.id = ${which.id}` : sql`q.state = ${which.state}`}
    order by q.updated_at desc, q.id
    limit ${QUESTION_LIMITS.openQuestions}`;
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() }));
}

export const listQuestions = (scope: TenantScope, state: QuestionState) => readQuestions(scope, { state });

async function readQuestion(scope: TenantScope, id: string): Promise<Question> {
  const [question] = await readQuestions(scope, { id });
  if (!question) throw notFound();
  return question;
}

/**
 * Holds the salon's FAQ still until the transaction ends and refuses a new entry when it is
 * full: two answers given at once cannot both take its last place.
 */
async function makeRoomInFaq({ sql, salonId }: TenantScope): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`salon-faq:${salonId}`}, 0))`;
  const [{ count }] = await sql<[{ count: number }]>`
    select count(*)::int as count from salon_questions where salon_id = ${salonId} and state = 'answered'`;
  if (count >= QUESTION_LIMITS.faqEntries) {
    throw new DataError("conflict", "questions.error.faqFull", { code: "faq_full", values: { max: QUESTION_LIMITS.faqEntries } });
  }
}

/** Answers a question, or changes an FAQ entry's words: either way it is in the FAQ after. */
export async function answerQuestion(scope: TenantScope, id: string, { question, answer }: QuestionAnswerInput): Promise<Question> {
  const [row] = await scope.sql<{ state: QuestionState }[]>`
    select state from salon_questions where id = ${id} and salon_id = ${scope.salonId} for update`;
  if (!row) throw notFound();
  if (row.state !== "answered") await makeRoomInFaq(scope);
  await scope.sql`
    update salon_questions set question = ${question}, answer = ${answer}, state = 'answered', updated_at = now()
    where id = ${id} and salon_id = ${scope.salonId}`;
  return readQuestion(scope, id);
}

/** An FAQ entry the owner writes without a caller having asked. */
export async function addFaqEntry(scope: TenantScope, { question, answer }: QuestionAnswerInput): Promise<Question> {
  await makeRoomInFaq(scope);
  const [created] = await scope.sql<{ id: string }[]>`
    insert into salon_questions (salon_id, question, answer, state)
    values (${scope.salonId}, ${question}, ${answer}, 'answered')
    returning id`;
  return readQuestion(scope, created!.id);
}

/**
 * Moves an open question aside (dismissed) or back (open). An FAQ entry is neither: the owner
 * edits or deletes it. Its place in the list stays, so taking a question back undoes setting
 * it aside.
 */
export async function setQuestionAside(scope: TenantScope, id: string, aside: boolean): Promise<Question> {
  const { sql, salonId } = scope;
  const [row] = await sql<{ state: QuestionState }[]>`select state from salon_questions where id = ${id} and salon_id = ${salonId} for update`;
  if (!row) throw notFound();
  if (row.state === "answered") throw new DataError("conflict", "questions.error.inFaq", { code: "in_faq" });
  if (!aside && row.state === "dismissed") {
    const [{ count }] = await sql<[{ count: number }]>`
      select count(*)::int as count from salon_questions where salon_id = ${salonId} and state = 'open'`;
    if (count >= QUESTION_LIMITS.openQuestions) {
      throw new DataError("conflict", "questions.error.openFull", { code: "open_full", values: { max: QUESTION_LIMITS.openQuestions } });
    }
  }
  await sql`update salon_questions set state = ${aside ? "dismissed" : "open"} where id = ${id} and salon_id = ${salonId}`;
  return readQuestion(scope, id);
}

/** Deletes a question or FAQ entry, with the record of the calls it was asked on. */
export async function deleteQuestion({ sql, salonId }: TenantScope, id: string): Promise<void> {
  const deleted = await sql`delete from salon_questions where id = ${id} and salon_id = ${salonId} returning id`;
  if (deleted.length === 0) throw notFound();
}
