import type { TransactionSql } from "postgres";
import type { Call, CallInstructions, CallList, CallStats, ConversationItem, StatsPeriod } from "../../contract/calls.ts";
import { periodRange } from "./periods.ts";

/*
 * The Calls screen's reads. Each takes a transaction bound to the salon (row-level
 * security) and names the salon too, so the planner walks that salon's index entries only.
 * bench/calls.ts runs these same functions against 100,000 calls.
 */

interface CallRow extends Omit<Call, "call_started_at"> {
  call_started_at: Date;
}

const CALL_COLUMNS = (tx: TransactionSql) => tx`
  c.id, c.direction, c.from_number, c.to_number, c.assistant_name, c.call_started_at, c.call_duration, c.call_status,
  c.caller_city, c.caller_state, c.caller_country,
  case when c.model_cost = 0 and c.telephony_cost is null then null else c.total_price::float8 end as total_price`;

/**
 * One page of the salon's calls, newest first, and their number. The total is kept by the
 * calls table's triggers (salon_call_counts), so it costs one row. The page's ids come from
 * the (salon_id, call_started_at, id) index alone, and a page in the older half is read
 * from the oldest end, so at most half the salon's index entries are ever skipped; only
 * the page's rows are then fetched.
 */
export async function listCalls(tx: TransactionSql, salonId: string, { limit, offset }: { limit: number; offset: number }): Promise<CallList> {
  const [count] = await tx<{ calls: number }[]>`select calls::int from salon_call_counts where salon_id = ${salonId}`;
  const total = count?.calls ?? 0;
  const size = Math.min(limit, total - offset);
  if (size <= 0) return { items: [], total };
  const fromOldest = offset + size / 2 > total / 2;
  const rows = fromOldest
    ? await tx<CallRow[]>`
        select ${CALL_COLUMNS(tx)}
        from (
          select id from calls where salon_id = ${salonId}
          order by call_started_at, id
          limit ${size} offset ${total - offset - size}
        ) page
        join calls c on c.id = page.id
        order by c.call_started_at desc, c.id desc`
    : await tx<CallRow[]>`
        select ${CALL_COLUMNS(tx)}
        from (
          select id from calls where salon_id = ${salonId}
          order by call_started_at desc, id desc
          limit ${size} offset ${offset}
        ) page
        join calls c on c.id = page.id
        order by c.call_started_at desc, c.id desc`;
  return { items: rows.map((row) => ({ ...row, call_started_at: row.call_started_at.toISOString() })), total };
}

interface ItemRow {
  id: string;
  item_type: ConversationItem["item_type"];
  role: "user" | "assistant" | "system" | null;
  content: string | null;
  is_truncated: boolean;
  function_name: string | null;
  status: "successful" | "failed" | "attempted" | null;
  arguments: string | null;
  result: string | null;
  error: string | null;
  created_at: Date;
}

const toItem = (row: ItemRow): ConversationItem =>
  row.item_type === "conversation"
    ? { item_type: "conversation", id: row.id, created_at: row.created_at.toISOString(), role: row.role!, content: row.content, is_truncated: row.is_truncated }
    : {
        item_type: "function_call",
        id: row.id,
        created_at: row.created_at.toISOString(),
        function_name: row.function_name,
        status: row.status,
        arguments: row.arguments,
        result: row.result,
        error: row.error,
      };

/** A call's conversation in order, or null when the salon has no such call. */
export async function callConversation(tx: TransactionSql, salonId: string, callId: string): Promise<ConversationItem[] | null> {
  const [[call], rows] = await Promise.all([
    tx`select 1 from calls where id = ${callId} and salon_id = ${salonId}`,
    tx<ItemRow[]>`
      select id, item_type, role, content, is_truncated, function_name, status, arguments, result, error, created_at
      from call_items where call_id = ${callId} and salon_id = ${salonId}
      order by position`,
  ]);
  return call ? rows.map(toItem) : null;
}

/** The instructions the assistant received in a call, or null when the salon has no such call. */
export async function callInstructions(tx: TransactionSql, salonId: string, callId: string): Promise<CallInstructions | null> {
  const [row] = await tx<CallInstructions[]>`select instructions from calls where id = ${callId} and salon_id = ${salonId}`;
  return row ?? null;
}

interface DayRow {
  day: string;
  total_calls: number;
  total_price: number;
  duration_sum: number | null;
  with_duration: number;
}

/**
 * Totals of the calls that started in a period of the salon's calendar, and the calls of
 * each day: one pass over the period's index entries, grouped by the salon's day.
 */
export async function callStats(
  tx: TransactionSql,
  salonId: string,
  period: StatsPeriod,
  timeZone: string,
  now = new Date(),
): Promise<CallStats> {
  const range = periodRange(period, timeZone, now);
  const rows = await tx<DayRow[]>`
    select to_char((call_started_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
           count(*)::int as total_calls,
           coalesce(sum(total_price), 0)::float8 as total_price,
           sum(call_duration)::float8 as duration_sum,
           count(call_duration)::int as with_duration
    from calls
    where salon_id = ${salonId} and call_started_at >= ${range.from} and call_started_at < ${range.to}
    group by 1`;
  const counts = new Map(rows.map((row) => [row.day, row.total_calls]));
  const totalCalls = rows.reduce((sum, row) => sum + row.total_calls, 0);
  const totalPrice = rows.reduce((sum, row) => sum + row.total_price, 0);
  const durationSum = rows.reduce((sum, row) => sum + (row.duration_sum ?? 0), 0);
  const withDuration = rows.reduce((sum, row) => sum + row.with_duration, 0);
  return {
    period,
    time_zone: timeZone,
    start_date: range.days[0]!,
    end_date: periodEnd(range.days),
    total_calls: totalCalls,
    total_price: round(totalPrice, 6),
    average_duration: withDuration ? round(durationSum / withDuration, 1) : 0,
    average_price_per_call: totalCalls ? round(totalPrice / totalCalls, 6) : 0,
    days: range.days.map((date) => ({ date, calls: counts.get(date) ?? 0 })),
  };
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The day after the period's last day. */
function periodEnd(days: string[]): string {
  const last = new Date(`${days[days.length - 1]}T00:00:00Z`);
  return new Date(last.getTime() + 86_400_000).toISOString().slice(0, 10);
}
