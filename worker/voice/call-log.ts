import type { Sql } from "postgres";
import { CALL_LIMITS } from "../../contract/call-socket.ts";
import { inTenant, type Database } from "../db.ts";
import type { ToolOutcome } from "./tools.ts";
import type { CallUsage } from "./pricing.ts";

export interface CallOwner {
  salonId: string;
  ownerId: string;
}

export interface NewCall {
  assistantId: string;
  assistantName: string;
  direction: "inbound" | "outbound";
  fromNumber: string | null;
  toNumber: string | null;
  instructions: string;
  isDemo: boolean;
}

export type FinalStatus = "completed" | "failed";

/**
 * The record of one call: its row, and its items in the order they happened in the
 * conversation. Writes are queued one after another, so they land in order and a failing
 * write is logged without ever stopping the call; `finish` waits for all of them.
 */
export class CallLog {
  private queue: Promise<void> = Promise.resolve();
  private readonly positions = new Map<string, number>();

  private constructor(
    private readonly db: Database,
    private readonly owner: CallOwner,
    readonly callId: string,
  ) {}

  static async open(db: Database, owner: CallOwner, call: NewCall): Promise<CallLog> {
    const [row] = await db((sql) => inTenant(sql, owner.salonId, (tx) => tx<{ id: string }[]>`
      insert into calls (salon_id, assistant_config_id, assistant_name, direction, from_number, to_number, instructions, is_demo)
      values (${owner.salonId}, ${call.assistantId}, ${call.assistantName}, ${call.direction}, ${call.fromNumber}, ${call.toNumber},
              ${call.instructions}, ${call.isDemo})
      returning id`, owner.ownerId));
    return new CallLog(db, owner, row!.id);
  }

  /** A call whose row the telephony webhook made; the instructions are filled in now. */
  static async adopt(db: Database, owner: CallOwner, callId: string, instructions: string): Promise<CallLog> {
    await db((sql) => inTenant(sql, owner.salonId, (tx) => tx`update calls set instructions = ${instructions} where id = ${callId}`, owner.ownerId));
    return new CallLog(db, owner, callId);
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
    this.write((tx) => tx`
      insert into call_items (call_id, salon_id, position, item_type, role, content, is_truncated)
      values (${this.callId}, ${this.owner.salonId}, ${position}, 'conversation', ${role}, ${content}, ${truncated})
      on conflict (call_id, position) do update set content = excluded.content, is_truncated = excluded.is_truncated`);
  }

  functionCall(key: string, name: string, args: string, outcome: ToolOutcome) {
    const position = this.place(key);
    const result = outcome.ok ? JSON.stringify(outcome.result) : null;
    const error = outcome.ok ? null : outcome.error;
    this.write((tx) => tx`
      insert into call_items (call_id, salon_id, position, item_type, function_name, status, arguments, result, error)
      values (${this.callId}, ${this.owner.salonId}, ${position}, 'function_call', ${name}, ${outcome.ok ? "successful" : "failed"},
              ${args}, ${result}, ${error})`);
  }

  /**
   * Closes the record: status, duration from the database's clock, usage and cost. A phone
   * call's status callback may have closed it first, with Twilio's status and duration; those
   * are kept then, but the usage and the model's cost are only known here and always written.
   */
  async finish(status: FinalStatus, usage: CallUsage, cost: number) {
    // Every right-hand side reads the row as it was, so each case sees the old call_status.
    this.write((tx) => tx`
      update calls set
        call_status = case when call_status = 'in-progress' then ${status} else call_status end,
        call_ended_at = case when call_status = 'in-progress' then now() else call_ended_at end,
        call_duration = case when call_status = 'in-progress'
          then greatest(0, round(extract(epoch from now() - call_started_at)))::int else call_duration end,
        usage = ${JSON.stringify(usage)}::text::jsonb, model_cost = ${cost}
      where id = ${this.callId}`);
    await this.queue;
  }

  private write(statement: (tx: Parameters<Parameters<typeof inTenant>[2]>[0]) => Promise<unknown>) {
    this.queue = this.queue
      .then(() => this.db((sql) => inTenant(sql, this.owner.salonId, statement, this.owner.ownerId)))
      .then(
        () => undefined,
        (error: unknown) => console.error(`call ${this.callId}: a record write failed`, error),
      );
  }
}

/** Demo calls still running across the product, for the concurrency cap. */
export async function runningDemoCalls(sql: Sql, owner: CallOwner, maxSeconds: number): Promise<number> {
  const [row] = await inTenant(sql, owner.salonId, (tx) => tx<{ count: number }[]>`
    select count(*)::int as count from calls
    where is_demo and call_status = 'in-progress' and call_started_at > now() - make_interval(secs => ${maxSeconds})`, owner.ownerId);
  return row!.count;
}

/** How long after its start an open call record counts as abandoned: past any call's time limit. */
export const ABANDONED_AFTER_SECONDS = CALL_LIMITS.callSeconds + 5 * 60;

/** Closes, as failed, the records of calls whose object died before it could close them (the cron runs this). */
export async function closeAbandonedCalls(db: Database): Promise<number> {
  const [row] = await db((sql) => sql<{ closed: number }[]>`select close_abandoned_calls(${ABANDONED_AFTER_SECONDS}) as closed`);
  return row!.closed;
}
