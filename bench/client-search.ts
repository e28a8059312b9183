// How fast the Clients screen answers for a big salon: 10,000 clients with 50,000
// appointments and 20,000 calls, beside another salon of the same size sharing the tables
// and indexes. Runs the route's own query functions as the Worker's role (row-level security
// on), each in a transaction bound to the salon as the route does, and prints the median of
// each search and of a client's page against their targets (20 ms and 30 ms).
import postgres, { type Sql } from "postgres";
import { DEFAULT_BUSINESS_HOURS } from "../contract/salon.ts";
import { startEmbeddedPostgres } from "../scripts/lib/embedded-postgres.ts";
import { ensureDatabase, ensureWorkerRole, migrate } from "../scripts/lib/migrate.ts";
import { getClient, listClients, searchText } from "../worker/data/clients.ts";
import { withTenant, type TenantScope } from "../worker/data/tenant.ts";
import { timed } from "./support/timing.ts";

const TARGETS = { search: 20, page: 30 };
const PORT = Number(process.env.BENCH_PG_PORT ?? 54347);
const DATABASE = "receptionist_bench_clients";
const SIZE = { clients: 10_000, appointments: 50_000, calls: 20_000 };
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const FIRST = ["Petra", "Lucie", "Martin", "Eva", "Tereza", "Jakub", "Kateřina", "Anna", "Lenka", "Ondřej", "Barbora", "Michaela", "Jana", "Tomáš", "Šárka", "Zdeněk"];
const LAST = ["Nováková", "Svobodová", "Novák", "Dvořáková", "Černá", "Procházka", "Kučerová", "Veselá", "Horák", "Němcová", "Marek", "Pospíšilová", "Pokorný", "Hájková", "Král", "Jelínková"];

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

const pg = await startEmbeddedPostgres(`.data/postgres-bench-clients-${PORT}`, PORT);
let failed = false;
try {
  await ensureDatabase(pg.adminUrl, DATABASE, { fresh: true });
  const url = pg.urlFor(DATABASE);
  await migrate(url);
  const workerUrl = await ensureWorkerRole(pg.adminUrl, url);
  const admin = postgres(url, { onnotice: () => {}, max: 1 });
  const [big] = [await seed(admin, 0), await seed(admin, 1)];
  await admin`vacuum analyze`;
  console.log(`seeded two salons of ${SIZE.clients.toLocaleString("en")} clients, ${SIZE.appointments.toLocaleString("en")} appointments and ${SIZE.calls.toLocaleString("en")} calls each (${seconds()} s)\n`);

  const worker = postgres(workerUrl, { onnotice: () => {}, max: 1, fetch_types: false });
  const bound = (work: (scope: TenantScope) => Promise<unknown>) => withTenant((run) => run(worker), { salonId: big.id, userId: big.owner }, work);
  const list = (q: string) => (scope: TenantScope) => listClients(scope, { q, limit: 50, offset: 0 });
  const queries: [string, keyof typeof TARGETS, (scope: TenantScope, run: number) => Promise<unknown>][] = [
    ["list, first page", "search", list("")],
    ["list, page 100", "search", (scope) => listClients(scope, { q: "", limit: 50, offset: 5_000 })],
    ['search "nov"', "search", list("nov")],
    ['search "sarka nov"', "search", list("sarka nov")],
    ['search "777 12"', "search", list("777 12")],
    ['search "@example"', "search", list("@example")],
    ['search "zzz" (nobody)', "search", list("zzz")],
    ["client page", "page", (scope, run) => getClient(scope, big.clients[(run * 7919) % big.clients.length]!)],
  ];

  const found = (await bound(list("nov"))) as { items: unknown[] };
  console.log(`"nov" finds a page of ${found.items.length}\n`);
  console.log(`${"query".padEnd(28)} ${"median".padStart(9)} ${"p95".padStart(9)}   ${RUNS} runs each, as the Worker's role`);
  for (const [name, kind, work] of queries) {
    const { p50: median, p95 } = await timed((run) => bound((scope) => work(scope, run)), RUNS);
    const ok = median < TARGETS[kind];
    failed ||= !ok;
    console.log(`${name.padEnd(28)} ${median.toFixed(2).padStart(6)} ms ${p95.toFixed(2).padStart(6)} ms   ${ok ? "ok" : "OVER"} (target ${TARGETS[kind]} ms median)`);
  }
  await worker.end();
  await admin.end();
} finally {
  await pg.stop();
}
console.log(`\n${failed ? "FAILED" : "passed"} in ${seconds()} s`);
process.exitCode = failed ? 1 : 0;

/** One salon with its clients, their numbers, appointments and calls, set-based. */
async function seed(sql: Sql, n: number) {
  const [user] = await sql<{ id: string }[]>`insert into users (email, password_hash, email_verified_at) values (${`bench-clients-${n}@salon.test`}, 'x', now()) returning id`;
  const [salon] = await sql<{ id: string }[]>`insert into salons (owner_id, name, country, business_hours, time_zone)
    values (${user!.id}, ${`Bench salon ${n}`}, 'CZ', ${JSON.stringify(DEFAULT_BUSINESS_HOURS)}::text::jsonb, 'Europe/Prague') returning id`;
  const clients = Array.from({ length: SIZE.clients }, (_, i) => {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
    const email = i % 3 === 0 ? `client${i}@example.com` : null;
    const phone = `+420${700_000_000 + n * 50_000_000 + i * 37}`;
    return { id: crypto.randomUUID(), salon_id: salon!.id, name, email, source: "dashboard", search_text: searchText(name, email, [phone]), phone };
  });
  for (let from = 0; from < clients.length; from += 1000) {
    const chunk = clients.slice(from, from + 1000);
    await sql`insert into clients ${sql(chunk.map(({ phone: _, ...client }) => client))}`;
    await sql`insert into client_phones ${sql(chunk.map((client) => ({ salon_id: client.salon_id, phone: client.phone, client_id: client.id })))}`;
  }
  const ids = clients.map((client) => client.id);
  await sql`
    insert into appointments (salon_id, stylist_name, customer_name, customer_phone, start_at, end_at, client_id, status, no_show_at)
    select ${salon!.id}, 'Jana Nováková', 'Client', '+420700000000',
           now() - interval '300 days' + k * interval '11 minutes', now() - interval '300 days' + k * interval '11 minutes' + interval '45 minutes',
           (${ids}::uuid[])[1 + k % ${SIZE.clients}], case when k % 20 = 0 then 'cancelled' else 'booked' end,
           -- One past booking in 30 is a no-show.
           case when k % 30 = 1 and k * 11 < 300 * 24 * 60 then now() - interval '300 days' + k * interval '11 minutes' end
    from generate_series(1, ${SIZE.appointments}) k`;
  await sql`
    insert into calls (salon_id, direction, from_number, to_number, call_started_at, call_duration, call_status, client_id)
    select ${salon!.id}, 'inbound', '+420700000000', '+420228881234', now() - k * interval '17 minutes', 30 + k % 300, 'completed',
           (${ids}::uuid[])[1 + k % ${SIZE.clients}]
    from generate_series(1, ${SIZE.calls}) k`;
  return { id: salon!.id, owner: user!.id, clients: ids };
}
