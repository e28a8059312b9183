import { CALL_LIMITS } from "../../../contract/call-socket.ts";
import { closeAbandonedCalls, finishCall, forgetOldTranscripts, recordFunctionCall, recordMessage, setCallInstructions, type CallEnd } from "../../data/calls.ts";
import type { Database } from "../../data/db.ts";
import { beforeTenant, withTenant, type TenantScope } from "../../data/tenant.ts";
import { callTenant, type CallOwner } from "./call-plan.ts";
import type { ToolOutcome } from "./tools.ts";


/**
 * The record of one call: its row, made before the call's session starts (by the telephony
 * webhook, or by the browser call's reservation), and its items in the order they happened
 * in the conversation. Writes are queued one after another, so they land in order and a
 * failing write is logged without ever stopping the call; `finish` waits for all of them.
 */
export class CallLog {
  private queue: Promise<void> = Promise.resolve();
  private readonly positions = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly owner: CallOwner,
    readonly callId: string,
  ) {}

  /** The instructions exactly as the model receives them; resolves once they are written (or the write failed). */
  instructions(text: string): Promise<void> {
    return this.write((scope) => setCallInstructions(scope, this.callId, text));
  }

  /**
   * Reserves an item's place in the conversation when it is first heard of (speech
   * started, output item added), so a user's words land before the answer to them even
   * when their transcript arrives later.
   */
  place(key: string): number {
    let position = this.positions.get(key);
    if (position === undefined) {
      position = this.positions.size;
      this.positions.set(key, position);
    }
    return position;
  }

  message(key: string, role: "user" | "assistant", content: string, truncated = false) {
    const position = this.place(key);
    this.write((scope) => recordMessage(scope, { callId: this.callId, position, role, content, truncated }));
  }

  functionCall(key: string, name: string, args: string, outcome: ToolOutcome) {
    const position = this.place(key);
    const result = outcome.ok ? JSON.stringify(outcome.result) : null;
    const error = outcome.ok ? null : outcome.error;
    this.write((scope) => recordFunctionCall(scope, { callId: this.callId, position, name, args, result, error }));
  }

  /** Closes the record with the usage, cost, model and language (see finishCall), once every earlier write has landed. */
  finish(end: CallEnd): Promise<void> {
    return this.write((scope) => finishCall(scope, this.callId, end));
  }

  /** Queues a write; resolves once it and every earlier one have landed (or failed, logged). */
  private write(statement: (scope: TenantScope) => Promise<unknown>): Promise<void> {
    this.queue = this.queue
      .then(() => withTenant(this.db, callTenant(this.owner), statement))
      .then(
        () => undefined,
        (error: unknown) => console.error(`call ${this.callId}: a record write failed`, error),
      );
    return this.queue;
  }
}

/** How long after its start an open call record counts as abandoned: past any call's time limit. */
const ABANDONED_AFTER_SECONDS = CALL_LIMITS.callSeconds + 5 * 60;

/** Closes, as failed, the records of calls whose object died before it could close them, by `now` (the cron runs this). */
export function closeAbandoned(db: Database, now: Date): Promise<number> {
  return beforeTenant(db, (scope) => closeAbandonedCalls(scope, ABANDONED_AFTER_SECONDS, now));
}

/** Calls whose words one cron run removes at most: a short transaction even when a salon shortens its retention. */
const FORGET_BATCH = 1000;

/** Removes what was said on calls older at `now` than their salon keeps transcripts (the cron runs this). */
export function forgetTranscripts(db: Database, now: Date): Promise<number> {
  return beforeTenant(db, (scope) => forgetOldTranscripts(scope, FORGET_BATCH, now));
}
