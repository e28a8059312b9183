import { z } from "zod/mini";
import { requestBody } from "./errors.ts";
import { requiredText } from "./text.ts";

/**
 * The questions callers asked that the assistant could not answer, and the salon's FAQ: the
 * same records, an open question becoming an FAQ entry once the owner answers it.
 */

export const QUESTION_LIMITS = {
  question: 300,
  answer: 1000,
  /** Answered questions a salon may keep: the FAQ every call is given. */
  faqEntries: 100,
  /** Open questions kept; past it, a new question joins no list (the oldest are the owner's to clear). */
  openQuestions: 500,
  /** The calls listed under one question, newest first. */
  callsShown: 5,
} as const;

export const QUESTION_STATES = ["open", "answered", "dismissed"] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];

/** GET /dashboard/questions?state=open (the default), answered (the FAQ) or dismissed. */
export const questionListQuery = z.object({
  state: z._default(z.enum(QUESTION_STATES, { error: "validation.questions.state" }), "open"),
});

/** PUT /dashboard/questions/:id answers a question (or edits an FAQ entry): it joins the FAQ. */
export const questionAnswerSchema = requestBody({
  question: requiredText(QUESTION_LIMITS.question, "validation.questions.question"),
  answer: requiredText(QUESTION_LIMITS.answer, "validation.questions.answer"),
});
export type QuestionAnswerInput = z.input<typeof questionAnswerSchema>;

/** POST /dashboard/questions adds an FAQ entry of the owner's own. */
export const faqEntrySchema = questionAnswerSchema;

/** A call a question was asked on. */
export interface QuestionCall {
  call_id: string;
  /** The caller's question as that call's summary put it. */
  asked: string;
  call_started_at: string;
  /** E.164, "browser", or null. */
  from_number: string | null;
}

export interface Question {
  id: string;
  question: string;
  answer: string | null;
  state: QuestionState;
  created_at: string;
  /** When a caller last asked it, or the owner last changed it. */
  updated_at: string;
  /** On how many calls it was asked. */
  asked_count: number;
  /** The newest of those calls (QUESTION_LIMITS.callsShown at most). */
  calls: QuestionCall[];
}

export interface QuestionList {
  items: Question[];
}
