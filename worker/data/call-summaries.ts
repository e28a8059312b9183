import type { CallOutcome, ConversationItem } from "../../contract/calls.ts";
import { callConversation } from "./calls.ts";
import type { PublicScope, TenantScope } from "./tenant.ts";

/*
 * A call's summary: claimed once the call has ended, written by the text model's answer, or
 * put off when the model fails, until the last attempt (jobs/runner.ts decides when). A claim
 * is a lease: an instance that dies while summarising leaves the call to be claimed again once
 * the lease has run out.
 */

/** Claims one ended call whose summary is due at `now`, until `until`; null when it is not (not ended, done, or claimed by another). */
export async function claimCallSummary(
  { sql, salonId }: TenantScope,
  callId: string,
  { now, until }: { now: Date; until: Date },
): Promise<{ attempt: number } | null> {
  const [row] = await sql<{ attempt: number }[]>`
    update calls set summary_due_at = ${until}, summary_attempts = summary_attempts + 1
    where id = ${callId} and salon_id = ${salonId} and summary_state = 'pending' and call_status <> 'in-progress'
      and (summary_due_at is null or summary_due_at <= ${now})
    returning summary_attempts as attempt`;
  return row ?? null;
}

/** Ended calls whose summary is due at `at`, across salons, saying whose each is. */
export async function dueSummaries({ sql }: PublicScope, at: Date, batch: number): Promise<{ call_id: string; salon_id: string; owner_id: string }[]> {
  return sql<{ call_id: string; salon_id: string; owner_id: string }[]>`
    select call_id, salon_id, owner_id from due_call_summaries(${batch}, ${at})`;
}

/** What a call's summary is made from. */
export interface CallForSummary {
  salon_name: string;
  /** The salon's language (its owner's), which the summary is written in. */
  salon_language: string;
  time_zone: string;
  call_started_at: Date;
  outcome: CallOutcome | null;
  items: ConversationItem[];
}

export async function callForSummary(scope: TenantScope, callId: string): Promise<CallForSummary | null> {
  const { sql, salonId } = scope;
  const [call] = await sql<Omit<CallForSummary, "items">[]>`
    select s.name as salon_name, u.language as salon_language, s.time_zone, c.call_started_at, c.outcome
    from calls c join salons s on s.id = c.salon_id join users u on u.id = s.owner_id
    where c.id = ${callId} and c.salon_id = ${salonId}`;
  if (!call) return null;
  // The salon has the call (read above), so its conversation is there too.
  const items = (await callConversation(scope, callId)) ?? [];
  return { ...call, items };
}

/** What the text model made of a call. */
export interface CallSummary {
  summary: string;
  follow_up: boolean;
  follow_up_reason: string | null;
  /** What came of it when the tools' facts left it open. */
  outcome: CallOutcome;
  /** US dollars the text model billed. */
  cost: number;
}

/** Writes a claimed call's summary. An outcome already read from the facts stays: the model only fills a gap. */
export async function saveCallSummary({ sql, salonId }: TenantScope, callId: string, summary: CallSummary): Promise<void> {
  await sql`
    update calls set summary = ${summary.summary}, follow_up = ${summary.follow_up}, follow_up_reason = ${summary.follow_up_reason},
      outcome = coalesce(outcome, ${summary.outcome}), summary_state = 'done', summary_due_at = null,
      summary_cost = summary_cost + ${summary.cost}, model_cost = model_cost + ${summary.cost}
    where id = ${callId} and salon_id = ${salonId} and summary_state = 'pending'`;
}

/** A call with nothing to summarise: its words are gone, or none were said. */
export async function skipCallSummary({ sql, salonId }: TenantScope, callId: string): Promise<void> {
  await sql`update calls set summary_state = 'skipped', summary_due_at = null where id = ${callId} and salon_id = ${salonId} and summary_state = 'pending'`;
}

/**
 * A failed attempt: the call waits until `retryAt` for the next, or without one its summary is
 * given up. `cost` is what a failed answer still billed (one that was not JSON, say).
 */
export async function deferCallSummary({ sql, salonId }: TenantScope, callId: string, cost: number, retryAt: Date | null): Promise<void> {
  await sql`
    update calls set summary_state = ${retryAt ? "pending" : "failed"}, summary_due_at = ${retryAt},
      summary_cost = summary_cost + ${cost}, model_cost = model_cost + ${cost}
    where id = ${callId} and salon_id = ${salonId} and summary_state = 'pending'`;
}
