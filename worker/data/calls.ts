import type { Sql, TransactionSql } from "postgres";
import type { Call, CallInstructions, CallList, CallOutcome, ConversationItem } from "../../contract/calls.ts";
import type { Language } from "../../contract/languages.ts";
import type { PublicScope, TenantScope } from "./tenant.ts";

/*
 * Calls: the Calls screen's reads and the record a live call writes as it goes. Every query
 * names the salon too, so the planner walks that salon's index entries only. bench/calls.ts
 * runs the reads against 100,000 calls.
 */

interface CallRow extends Omit<Call, "call_started_at"> {
  call_started_at: Date;
}

const CALL_COLUMNS = (tx: Sql | TransactionSql) => tx`
  c.id, c.direction, c.from_number, c.to_number, c.assistant_name, c.call_started_at, c.call_duration, c.call_status,
  c.caller_city, c.caller_state, c.caller_country, c.model, c.language, c.eur_per_usd::float8 as eur_per_usd,
  c.transcript_removed_at is not null as transcript_removed,
  exists (select from outreach_attempts a where a.call_id = c.id and a.salon_id = c.salon_id) as offer, c.outcome, c.summary, c.follow_up, c.follow_up_reason, c.summary_state,
  case when c.model_cost = 0 and c.telephony_cost is null then null else c.total_price_eur::float8 end as total_price,
  case when c.model_cost = 0 and c.telephony_cost is null then null else c.total_price::float8 end as provider_price`;

/** Which calls a page lists: every call, those that came to one outcome, those to get back to. */
export interface CallFilter {
  outcome?: CallOutcome;
  followUp?: boolean;
}

const toCall = (row: CallRow): Call => ({ ...row, call_started_at: row.call_started_at.toISOString() });

/**
 * One page of the salon's calls that pass `filter`, newest first, and how many do. The total
 * of every call is kept by the calls table's triggers (salon_call_counts), so it costs one row;
 * a filter's is counted on its own index (call_filters migration), which also orders its
 * pages. The page's ids come from that index alone, and a page in the older half is read from
 * the oldest end, so at most half the filter's index entries are ever skipped; only the
 * page's rows are then fetched.
 */
export async function listCalls(
  { sql: tx, salonId }: TenantScope,
  { limit, offset, outcome, followUp }: { limit: number; offset: number } & CallFilter,
): Promise<CallList> {
  const filtered = outcome !== undefined || followUp === true;
  const matching = tx`salon_id = ${salonId}${outcome === undefined ? tx`` : tx` and outcome = ${outcome}`}${followUp ? tx` and follow_up` : tx``}`;
  const [count] = filtered
    ? await tx<{ calls: number }[]>`select count(*)::int as calls from calls where ${matching}`
    : await tx<{ calls: number }[]>`select calls::int from salon_call_counts where salon_id = ${salonId}`;
  const total = count?.calls ?? 0;
  const size = Math.min(limit, total - offset);
  if (size <= 0) return { items: [], total };
  const fromOldest = offset + size / 2 > total / 2;
  const rows = fromOldest
    ? await tx<CallRow[]>`
        select ${CALL_COLUMNS(tx)}
        from (
          select id from calls where ${matching}
          order by call_started_at, id
          limit ${size} offset ${total - offset - size}
        ) page
        join calls c on c.id = page.id
        order by c.call_started_at desc, c.id desc`
    : await tx<CallRow[]>`
        select ${CALL_COLUMNS(tx)}
        from (
          select id from calls where ${matching}
          order by call_started_at desc, id desc
          limit ${size} offset ${offset}
        ) page
        join calls c on c.id = page.id
        order by c.call_started_at desc, c.id desc`;
  return { items: rows.map(toCall), total };
}

/** One of the salon's calls, or null when it has no such call. */
export async function callById({ sql: tx, salonId }: TenantScope, callId: string): Promise<Call | null> {
  const [row] = await tx<CallRow[]>`select ${CALL_COLUMNS(tx)} from calls c where c.id = ${callId} and c.salon_id = ${salonId}`;
  return row ? toCall(row) : null;
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
export async function callConversation({ sql: tx, salonId }: TenantScope, callId: string): Promise<ConversationItem[] | null> {
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
export async function callInstructions({ sql: tx, salonId }: TenantScope, callId: string): Promise<CallInstructions | null> {
  const [row] = await tx<CallInstructions[]>`select instructions from calls where id = ${callId} and salon_id = ${salonId}`;
  return row ?? null;
}

/** A day of the salon's calendar with its calls' count and sums. */
export interface CallDay {
  day: string;
  total_calls: number;
  /** Euros. */
  total_price: number;
  duration_sum: number | null;
  with_duration: number;
}

/**
 * The calls that started in [from, to), grouped by the salon's day: one pass over the
 * period's index entries.
 */
export async function callsPerDay({ sql, salonId }: TenantScope, range: { from: Date; to: Date }, timeZone: string): Promise<CallDay[]> {
  return sql<CallDay[]>`
    select to_char((call_started_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
           count(*)::int as total_calls,
           coalesce(sum(total_price_eur), 0)::float8 as total_price,
           sum(call_duration)::float8 as duration_sum,
           count(call_duration)::int as with_duration
    from calls
    where salon_id = ${salonId} and call_started_at >= ${range.from} and call_started_at < ${range.to}
    group by 1`;
}

// ---- the record a live call writes ----------------------------------------------------

/** A browser call asking for a line: the home page's demo or a dashboard test call. */
export interface BrowserCallRequest {
  assistantId: string;
  isDemo: boolean;
  /** Calls of this kind the salon may run at once (every demo call belongs to the demo salon). */
  concurrent: number;
  maxSeconds: number;
  /** The demo's caller: a hash of their address, and what one address may take. */
  caller?: { hash: Uint8Array; concurrent: number; secondsPerDay: number };
}

export type BrowserCallReservation =
  | { callId: string; maxSeconds: number }
  | { refused: "lines_busy" | "caller_busy" | "minutes_used" | "no_assistant" };

/**
 * Opens a browser call's record if a line is free: the record is the line, so a call frees it
 * by closing its record, whenever it ends. The salon's reservations wait for each other on a
 * lock held until the transaction ends, so no two can count the same free line. A record
 * whose object died without closing it stops counting a minute after its time limit.
 */
export async function reserveBrowserCall({ sql, salonId }: TenantScope, call: BrowserCallRequest): Promise<BrowserCallReservation> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`browser-calls:${salonId}`}, 0))`;
  const counted = call.maxSeconds + 60;
  const [lines] = await sql<{ running: number }[]>`
    select count(*)::int as running from calls
    where salon_id = ${salonId} and call_started_at > now() - make_interval(secs => ${counted})
      and call_status = 'in-progress' and from_number = 'browser' and is_demo = ${call.isDemo}`;
  if (lines!.running >= call.concurrent) return { refused: "lines_busy" };

  let maxSeconds = call.maxSeconds;
  if (call.caller) {
    // A running call counts as if it took its whole time.
    const [mine] = await sql<{ running: number; used: number }[]>`
      select (count(*) filter (where call_status = 'in-progress' and call_started_at > now() - make_interval(secs => ${counted})))::int as running,
             coalesce(sum(least(coalesce(call_duration, ${call.maxSeconds}), ${call.maxSeconds})), 0)::int as used
      from calls
      where caller_hash = ${call.caller.hash} and salon_id = ${salonId} and call_started_at > now() - interval '1 day'`;
    if (mine!.running >= call.caller.concurrent) return { refused: "caller_busy" };
    maxSeconds = Math.min(maxSeconds, call.caller.secondsPerDay - mine!.used);
    if (maxSeconds <= 0) return { refused: "minutes_used" };
  }

  const [row] = await sql<{ id: string }[]>`
    insert into calls (salon_id, assistant_config_id, assistant_name, direction, from_number, is_demo, caller_hash)
    select salon_id, id, name, 'inbound', 'browser', ${call.isDemo}, ${call.caller?.hash ?? null}
    from assistant_configs where id = ${call.assistantId} and salon_id = ${salonId}
    returning id`;
  return row ? { callId: row.id, maxSeconds } : { refused: "no_assistant" };
}

/** A phone call as Twilio describes it: one coming in, or one the salon places to a client. */
export interface NewPhoneCall {
  /** Inbound unless told. */
  direction?: "inbound" | "outbound";
  assistantId: string;
  assistantName: string;
  callSid: string;
  from: string | null;
  to: string;
  city: string | null;
  state: string | null;
  country: string | null;
}

/**
 * Opens the record of a phone call, linked to the client on the other end: the number that
 * calls in, or the one called (Twilio writes both in E.164, as clients' numbers are kept).
 * Twilio asking about the same call again gets the same row.
 */
export async function openPhoneCall({ sql, salonId }: TenantScope, call: NewPhoneCall): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into calls (salon_id, assistant_config_id, assistant_name, direction, from_number, to_number,
                       caller_city, caller_state, caller_country, provider_call_id, client_id)
    values (${salonId}, ${call.assistantId}, ${call.assistantName}, ${call.direction ?? "inbound"}, ${call.from}, ${call.to},
            ${call.city}, ${call.state}, ${call.country}, ${call.callSid},
            (select client_id from client_phones where salon_id = ${salonId} and phone = ${call.direction === "outbound" ? call.to : call.from}))
    on conflict (provider_call_id) do update set provider_call_id = excluded.provider_call_id
    returning id`;
  return row!.id;
}

/** The instructions the model received, once the call's session has rendered them. */
export async function setCallInstructions({ sql, salonId }: TenantScope, callId: string, instructions: string): Promise<void> {
  await sql`update calls set instructions = ${instructions} where id = ${callId} and salon_id = ${salonId}`;
}

/** Something said, at its place in the conversation; said again (a longer transcript, a cut) it replaces the first. */
export async function recordMessage(
  { sql, salonId }: TenantScope,
  item: { callId: string; position: number; role: "user" | "assistant"; content: string; truncated: boolean },
): Promise<void> {
  await sql`
    insert into call_items (call_id, salon_id, position, item_type, role, content, is_truncated)
    values (${item.callId}, ${salonId}, ${item.position}, 'conversation', ${item.role}, ${item.content}, ${item.truncated})
    on conflict (call_id, position) do update set content = excluded.content, is_truncated = excluded.is_truncated`;
}

/** A tool the assistant used, with what it was given and what came of it. */
export async function recordFunctionCall(
  { sql, salonId }: TenantScope,
  item: { callId: string; position: number; name: string; args: string; result: string | null; error: string | null },
): Promise<void> {
  await sql`
    insert into call_items (call_id, salon_id, position, item_type, function_name, status, arguments, result, error)
    values (${item.callId}, ${salonId}, ${item.position}, 'function_call', ${item.name}, ${item.error === null ? "successful" : "failed"},
            ${item.args}, ${item.result}, ${item.error})`;
}

/** How a call ended and what it used: its model's cost in US dollars, converted at `eurPerUsd`. */
export interface CallEnd {
  status: SessionOutcome;
  usage: object;
  cost: number;
  /** Null when the call ended before its model was known. */
  model: string | null;
  /** The language the caller last spoke in, if it was recognised. */
  language: Language | null;
  eurPerUsd: number;
}

/**
 * How bad each way a call can end is, least first. A call has two witnesses, its session and
 * Twilio's status callback, in either order: the worse outcome wins, so a session that failed
 * stays failed when Twilio reports the line completed, and the other way round.
 */
const OUTCOMES = ["in-progress", "completed", "canceled", "no-answer", "busy", "failed"];

/** The worse of the row's status and `status`, as SQL. */
function worseStatus(tx: Sql | TransactionSql, status: string) {
  const ranked = tx.unsafe(`array[${OUTCOMES.map((outcome) => `'${outcome}'`).join(", ")}]`);
  return tx`case when array_position(${ranked}, ${status}::text) > array_position(${ranked}, call_status) then ${status}::text else call_status end`;
}

/** How a live call's session ended: "canceled" when the caller left before it was under way. */
export type SessionOutcome = "completed" | "canceled" | "failed";

/**
 * Closes the record: status, duration from the database's clock, usage, cost, model and
 * language. A phone call's status callback may have closed it first, with Twilio's status and
 * duration; the duration is kept then and the worse status wins, and the rest is only known
 * here and always written. A rate already stored with the call's phone cost stays, so both
 * costs convert at one rate.
 */
export async function finishCall({ sql, salonId }: TenantScope, callId: string, end: CallEnd): Promise<void> {
  // Every right-hand side reads the row as it was, so each case sees the old call_status.
  await sql`
    update calls set
      call_status = ${worseStatus(sql, end.status)},
      call_ended_at = case when call_status = 'in-progress' then now() else call_ended_at end,
      call_duration = case when call_status = 'in-progress'
        then greatest(0, round(extract(epoch from now() - call_started_at)))::int else call_duration end,
      usage = ${JSON.stringify(end.usage)}::text::jsonb, model_cost = ${end.cost} + summary_cost,
      model = coalesce(${end.model}, model), language = coalesce(${end.language}, language), eur_per_usd = coalesce(eur_per_usd, ${end.eurPerUsd})
    where id = ${callId} and salon_id = ${salonId}`;
}

/** A call whose session could not start. */
export async function failCallAtStart({ sql, salonId }: TenantScope, callId: string): Promise<void> {
  await sql`update calls set call_status = 'failed', call_ended_at = now(), call_duration = 0
            where id = ${callId} and salon_id = ${salonId} and call_status = 'in-progress'`;
}

/**
 * How Twilio says a phone call ended. Twilio's duration counts the whole call, a hand-over
 * included. The worse of Twilio's status and the session's wins (see OUTCOMES).
 */
export async function recordPhoneCallEnd(
  { sql, salonId }: TenantScope,
  callSid: string,
  end: { status: string; duration: string | null },
): Promise<string | undefined> {
  const [row] = await sql<{ id: string }[]>`
    update calls set
      call_status = ${worseStatus(sql, end.status)},
      call_duration = coalesce(${end.duration}::int, call_duration, 0),
      call_ended_at = now()
    where provider_call_id = ${callSid} and salon_id = ${salonId}
    returning id`;
  return row?.id;
}

/** What Twilio charged for a phone call, in US dollars, and the rate to euros if the call has none yet. */
export async function recordTelephonyCost({ sql, salonId }: TenantScope, callSid: string, price: number, eurPerUsd: number): Promise<void> {
  await sql`update calls set telephony_cost = ${price}, eur_per_usd = coalesce(eur_per_usd, ${eurPerUsd})
            where provider_call_id = ${callSid} and salon_id = ${salonId}`;
}

/** Closes, as failed, the records of calls whose object died before it could close them; answers how many. */
export async function closeAbandonedCalls({ sql }: PublicScope, afterSeconds: number, at: Date): Promise<number> {
  const [row] = await sql<{ closed: number }[]>`select close_abandoned_calls(${afterSeconds}, ${at}) as closed`;
  return row!.closed;
}

/** Removes the words of up to `batch` calls older at `at` than their salon's transcript retention, oldest first; how many it did. */
export async function forgetOldTranscripts({ sql }: PublicScope, batch: number, at: Date): Promise<number> {
  const [row] = await sql<{ forgotten: number }[]>`select forget_old_transcripts(${batch}, ${at}) as forgotten`;
  return row!.forgotten;
}

/** Who a call is for, found before any salon is known. */
export interface CallEntry {
  salon_id: string;
  owner_id: string;
  assistant_config_id: string;
}

/** The public demo's assistant, asked for as "default" or by its id. */
export async function demoAssistant({ sql }: PublicScope, wanted: string): Promise<CallEntry | undefined> {
  const [row] = await sql<CallEntry[]>`select * from public_demo_assistant(${wanted})`;
  return row;
}

/** Spends a test-call ticket for this assistant; a second use, another assistant or a late one finds nothing. */
export async function redeemCallTicket({ sql }: PublicScope, ticketHash: Uint8Array, assistantId: string): Promise<CallEntry | undefined> {
  const [row] = await sql<CallEntry[]>`select * from redeem_call_ticket(${ticketHash}, ${assistantId})`;
  return row;
}
