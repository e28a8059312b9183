import { QUESTION_LIMITS } from "../../contract/questions.ts";
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
