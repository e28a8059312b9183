// How fast the Calls screen's queries answer for a busy salon: 100,000 calls and 2,000,000
// conversation items in one salon, beside four other salons with 25,000 calls each, a year
// of history. Runs the route's own query functions as the Worker's role (row-level security
// on), each in a transaction bound to the salon as the route does, and prints p50/p95 per
// query against a 30 ms target. A plan check then shows that no query reads a sequential
// scan or another salon's rows.
import postgres, { type Sql } from "postgres";
import { DEFAULT_INSTRUCTIONS } from "../contract/assistant-instructions.ts";
import { STATS_PERIODS } from "../contract/calls.ts";
import { DEFAULT_BUSINESS_HOURS } from "../contract/salon.ts";
import { startEmbeddedPostgres } from "../scripts/lib/embedded-postgres.ts";
import { ensureDatabase, ensureWorkerRole, migrate } from "../scripts/lib/migrate.ts";
import { callStats } from "../worker/calls/history/stats.ts";
import { callById, callConversation, callInstructions, listCalls } from "../worker/data/calls.ts";
import { withTenant, type TenantScope } from "../worker/data/tenant.ts";
import { timed } from "./support/timing.ts";

const TARGET_MS = 30;
const PORT = Number(process.env.BENCH_PG_PORT ?? 54345);
const DATABASE = "receptionist_bench_calls";
const BIG = { calls: 100_000, itemsPerCall: 20 };
const OTHERS = { salons: 4, calls: 25_000, itemsPerCall: 5 };
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TIME_ZONE = "Europe/Prague";

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

const DATA_DIR = `.data/postgres-bench-calls-${PORT}`;
// A bulk load wants more memory than the default 128 MB of buffers, and no checkpoints midway.
let pg = await startEmbeddedPostgres(DATA_DIR, PORT);
{
  const admin = postgres(pg.adminUrl, { onnotice: () => {}, max: 1 });
  const [setting] = await admin<{ shared_buffers: string }[]>`show shared_buffers`;
  if (setting!.shared_buffers !== "1GB") {
    await admin`alter system set shared_buffers = '1GB'`;
    await admin`alter system set max_wal_size = '8GB'`;
    await admin.end();
    await pg.stop();
    pg = await startEmbeddedPostgres(DATA_DIR, PORT);
  } else {
    await admin.end();
  }
}
let failed = false;
try {
  await ensureDatabase(pg.adminUrl, DATABASE, { fresh: true });
  const url = pg.urlFor(DATABASE);
  await migrate(url);
  const workerUrl = await ensureWorkerRole(pg.adminUrl, url);
  const admin = postgres(url, { onnotice: () => {}, max: 1 });
  const salons = await seed(admin);
  console.log(`seeded ${BIG.calls.toLocaleString("en")} calls and ${(BIG.calls * BIG.itemsPerCall).toLocaleString("en")} items in one salon, ` +
    `${(OTHERS.salons * OTHERS.calls).toLocaleString("en")} calls and ${(OTHERS.salons * OTHERS.calls * OTHERS.itemsPerCall).toLocaleString("en")} items in ${OTHERS.salons} others (${seconds()} s)`);

  const worker = postgres(workerUrl, { onnotice: () => {}, max: 1, fetch_types: false });
  const [big] = salons;
  const callIds = (await admin<{ id: string }[]>`select id from calls where salon_id = ${big!.id} order by random() limit 1000`).map((row) => row.id);
  const lastPage = Math.floor((BIG.calls - 1) / 50) * 50;
  const lastPageOf = async (filter: ReturnType<typeof admin>) => {
    const [row] = await admin<{ calls: number }[]>`select count(*)::int as calls from calls where salon_id = ${big!.id} and ${filter}`;
    return Math.floor((row!.calls - 1) / 50) * 50;
  };
  const lastBooked = await lastPageOf(admin`outcome = 'booked'`);
  const lastFollowUp = await lastPageOf(admin`follow_up`);
  const queries: [string, (scope: TenantScope, run: number) => Promise<unknown>][] = [
    ["list, first page", (scope) => listCalls(scope, { limit: 50, offset: 0 })],
    ["list, middle page", (scope) => listCalls(scope, { limit: 50, offset: 50_000 })],
    [`list, last page (offset ${lastPage.toLocaleString("en")})`, (scope) => listCalls(scope, { limit: 50, offset: lastPage })],
    ["list, booked, first page", (scope) => listCalls(scope, { limit: 50, offset: 0, outcome: "booked" })],
    [`list, booked, last page (${lastBooked.toLocaleString("en")})`, (scope) => listCalls(scope, { limit: 50, offset: lastBooked, outcome: "booked" })],
    ["list, follow-up, first page", (scope) => listCalls(scope, { limit: 50, offset: 0, followUp: true })],
    [`list, follow-up, last page (${lastFollowUp.toLocaleString("en")})`, (scope) => listCalls(scope, { limit: 50, offset: lastFollowUp, followUp: true })],
    ["one call", (scope, run) => callById(scope, callIds[run % callIds.length]!)],
    ["conversation (20 items)", (scope, run) => callConversation(scope, callIds[run % callIds.length]!)],
    ["instructions", (scope, run) => callInstructions(scope, callIds[run % callIds.length]!)],
    ...STATS_PERIODS.map((period): [string, (scope: TenantScope) => Promise<unknown>] => [`stats, ${period}`, (scope) => callStats(scope, period, TIME_ZONE)]),
  ];

  // Entered the way the routes enter it: a transaction bound to the salon.
  const bound = (sql: Sql, work: (scope: TenantScope) => Promise<unknown>) =>
    withTenant((run) => run(sql), { salonId: big!.id, userId: big!.owner }, work);

  // Sanity: the role sees the big salon only, and the answers have the expected size.
  const sizes = await bound(worker, async (scope) => ({
    list: await listCalls(scope, { limit: 50, offset: lastPage }),
    items: await callConversation(scope, callIds[0]!),
    month: await callStats(scope, "last_30_days", TIME_ZONE),
  })) as { list: { items: unknown[]; total: number }; items: unknown[]; month: { total_calls: number } };
  console.log(`last page: ${sizes.list.items.length} of ${sizes.list.total.toLocaleString("en")} calls; a conversation: ${sizes.items.length} items; last 30 days: ${sizes.month.total_calls.toLocaleString("en")} calls\n`);

  console.log(`${"query".padEnd(36)} ${"p50".padStart(8)} ${"p95".padStart(8)}   target ${TARGET_MS} ms, ${RUNS} runs each, as the Worker's role`);
  for (const [name, work] of queries) {
    const { p50, p95 } = await timed((run) => bound(worker, (scope) => work(scope, run)), RUNS);
    const ok = p95 < TARGET_MS;
    failed ||= !ok;
    console.log(`${name.padEnd(36)} ${p50.toFixed(2).padStart(6)} ms ${p95.toFixed(2).padStart(6)} ms   ${ok ? "ok" : "OVER"} (p95 is ${(p95 / TARGET_MS).toFixed(2)}x the target)`);
  }

  failed = (await checkPlans(url, big!, queries)) || failed;
  await worker.end();
  await admin.end();
} finally {
  await pg.stop();
}
console.log(`\n${failed ? "FAILED" : "passed"} in ${seconds()} s`);
process.exitCode = failed ? 1 : 0;

/** Five salons and their calls, set-based: one busy salon and four others sharing its tables and indexes. */
async function seed(sql: Sql) {
  const salons: { id: string; owner: string }[] = [];
  for (let n = 0; n <= OTHERS.salons; n++) {
    const [user] = await sql<{ id: string }[]>`insert into users (email, password_hash, email_verified_at) values (${`bench-${n}@salon.test`}, 'x', now()) returning id`;
    const [salon] = await sql<{ id: string }[]>`insert into salons (owner_id, name, business_hours, time_zone)
      values (${user!.id}, ${`Bench salon ${n}`}, ${JSON.stringify(DEFAULT_BUSINESS_HOURS)}::text::jsonb, ${TIME_ZONE}) returning id`;
    salons.push({ id: salon!.id, owner: user!.id });
  }
  const instructions = DEFAULT_INSTRUCTIONS.en;
  // Interleave the salons' rows, as a shared production table would hold them.
  const plan = salons.map((salon, n) => ({ salon, ...(n === 0 ? BIG : { calls: OTHERS.calls, itemsPerCall: OTHERS.itemsPerCall }) }));
  for (const { salon, calls } of plan) {
    await sql`
      insert into calls (salon_id, assistant_name, direction, from_number, to_number, call_started_at, call_ended_at, call_duration,
                         call_status, caller_city, caller_country, model_cost, telephony_cost, instructions, model, language, eur_per_usd,
                         outcome, summary, follow_up, follow_up_reason, summary_state)
      select ${salon.id}, 'Front desk', case when n % 10 = 0 then 'outbound' else 'inbound' end,
             '+420' || (600000000 + n % 99999999)::text, '+420228881234',
             now() - (n::float8 / ${calls} * 365) * interval '1 day', now() - (n::float8 / ${calls} * 365) * interval '1 day' + (30 + n % 300) * interval '1 second',
             30 + n % 300, case when n % 17 = 0 then 'no-answer' else 'completed' end, 'Praha', 'CZ',
             round((0.01 + (n % 50) / 1000.0)::numeric, 6), case when n % 3 = 0 then null else 0.0085 end, ${instructions},
             'gpt-realtime-2.1', (array['cs', 'en', 'de'])[1 + n % 3], 0.86,
             -- A salon's mix: a third booked, one call in twenty to get back to.
             case when n % 17 = 0 then 'abandoned'
                  else (array['booked', 'booked', 'booked', 'rescheduled', 'cancelled', 'question_answered', 'question_answered', 'handed_over', 'no_action'])[1 + n % 9] end,
             case when n % 17 = 0 then null else 'The caller booked a women''s haircut on Friday afternoon with Jana. She asked about parking nearby.' end,
             case when n % 17 = 0 then null else n % 20 = 7 end,
             case when n % 20 = 7 and n % 17 <> 0 then 'Asked for a call back about a colour correction.' end,
             case when n % 17 = 0 then 'skipped' else 'done' end
      from generate_series(1, ${calls}) n`;
  }
  console.log(`calls inserted (${seconds()} s)`);
  // Item ids are made in order here (random in production): the table and its indexes end
  // up the same, and the load is several times faster. No query reads items by their id.
  for (const [index, { salon, itemsPerCall }] of plan.entries()) {
    await sql`
      insert into call_items (id, call_id, salon_id, position, item_type, role, content, is_truncated, function_name, status, arguments, result, created_at)
      select (lpad(to_hex(${index}::int), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(c.k * 100 + p), 12, '0'))::uuid, c.id, c.salon_id, p,
             case when p % 5 = 3 then 'function_call' else 'conversation' end,
             case when p % 5 = 3 then null when p % 2 = 0 then 'assistant' else 'user' end,
             case when p % 5 = 3 then null when p % 2 = 0 then 'Of course, I can book that for you. Which day would suit you best?'
                  else 'I would like a haircut next week, ideally in the afternoon.' end,
             p % 7 = 6,
             case when p % 5 = 3 then 'find_free_slots' end,
             case when p % 5 = 3 then 'successful' end,
             case when p % 5 = 3 then '{"service":"Women''s haircut","date":"2026-11-30"}' end,
             case when p % 5 = 3 then '{"slots":["14:00","15:30"]}' end,
             c.call_started_at + p * interval '8 seconds'
      from (select id, salon_id, call_started_at, row_number() over (order by id) as k from calls where salon_id = ${salon.id}) c,
           generate_series(0, ${itemsPerCall - 1}) p
      order by c.k, p`;
  }
  console.log(`items inserted (${seconds()} s)`);
  // What autovacuum does on a live database: statistics, and the visibility map for index-only scans.
  await sql`vacuum analyze calls`;
  await sql`vacuum analyze call_items`;
  return salons;
}

/**
 * Runs each query once more with auto_explain sending its plans back as notices, as the
 * Worker's role; fails on a sequential scan, and prints how many rows each plan threw away.
 */
async function checkPlans(url: string, big: { id: string; owner: string }, queries: [string, (scope: TenantScope, run: number) => Promise<unknown>][]) {
  let bad = false;
  const plans: string[] = [];
  const sql = postgres(url, { max: 1, fetch_types: false, onnotice: (notice) => plans.push(notice.message ?? "") });
  try {
    await sql`load 'auto_explain'`;
    await sql`select set_config('auto_explain.log_min_duration', '0', false), set_config('auto_explain.log_analyze', 'on', false),
                     set_config('auto_explain.log_level', 'notice', false), set_config('auto_explain.log_format', 'text', false)`;
    await sql`set role recepta_worker`;
    console.log("\nplans (as the Worker's role):");
    for (const [name, work] of queries) {
      plans.length = 0;
      await withTenant((run) => run(sql), { salonId: big.id, userId: big.owner }, (scope) => work(scope, 0));
      const text = plans.filter((plan) => !plan.includes("set_config")).join("\n");
      const seqScans = text.match(/Seq Scan on \w+/g) ?? [];
      const removed = [...text.matchAll(/Rows Removed by Filter: (\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
      const nodes = [...new Set(text.match(/(Index Only Scan|Index Scan|Bitmap Heap Scan)( Backward)? (using|on) \w+/g) ?? [])];
      bad ||= seqScans.length > 0 || removed > 0;
      console.log(`  ${name.padEnd(34)} ${nodes.join(", ") || "(no scan)"}${seqScans.length ? `; ${seqScans.join(", ")}` : ""}; rows removed by filter: ${removed}`);
    }
  } finally {
    await sql.end();
  }
  return bad;
}
