// How fast a salon's booking page answers a visitor's request for free times, at a salon of
// 10 stylists with 2,000 upcoming appointments: a week (and two) of times for two services
// (45 minutes), for anyone and for one stylist.
// First the request's own work, judged against the target (under 10 ms median): the route's
// reads and search (worker/appointments/booking-page/free-times.ts) as the Worker's role, in a transaction
// bound to the salon, over one held connection, as the Worker's requests share Hyperdrive's
// pooled connections in production. Then the whole request through the bundled Worker in
// workerd (bench/support/call-stack.ts), where each request opens a database connection of
// its own, beside the page's request that searches nothing: printed, not judged, since the
// connection's set-up is most of it and production pools it away.
import postgres from "postgres";
import type { BookingTimes } from "../contract/booking-page.ts";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_WORKING_HOURS } from "../contract/salon.ts";
import { addDays, dayOf, DAY_MS } from "../contract/time-zone.ts";
import { bookingWindow, freeTimes } from "../worker/appointments/booking-page/free-times.ts";
import { pageWithOffer } from "../worker/data/booking-pages.ts";
import { withTenant, type Tenant } from "../worker/data/tenant.ts";
import { startCallStack } from "./support/call-stack.ts";
import { timed } from "./support/timing.ts";

const TARGET_MS = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SLUG = "bench-salon";
const STYLISTS = 10;
const DAYS = 40;
const PER_DAY = 5;

const stack = await startCallStack("booking", "echo");
let failed = false;
try {
  const sql = postgres(stack.databaseUrl, { onnotice: () => {}, max: 1 });
  const { tenant, stylists, services } = await seed(sql);
  const [{ count } = { count: 0 }] = await sql<{ count: number }[]>`select count(*)::int as count from appointments where salon_id = ${tenant.salonId}`;
  await sql`vacuum analyze`;
  await sql.end();
  console.log(`booking page of a salon with ${STYLISTS} stylists and ${count.toLocaleString("en")} upcoming appointments\n`);

  const from = dayOf(new Date(Date.now() + DAY_MS), "Europe/Prague");
  const asks = [
    { name: "a week, anyone", stylist: null, from, days: 7 },
    { name: "a week, one stylist", stylist: stylists[3]!, from, days: 7 },
    { name: "two weeks, anyone", stylist: null, from: addDays(from, 7), days: 14 },
  ];
  const offered = (times: BookingTimes) => times.days.reduce((sum, day) => sum + day.times.length, 0);

  const worker = postgres(stack.workerDatabaseUrl, { onnotice: () => {}, max: 1, fetch_types: false });
  console.log(`the request's work, as the Worker's role on a held connection (${RUNS} runs each)`);
  console.log(`${"request".padEnd(22)} ${"median".padStart(9)} ${"p95".padStart(9)}   times offered`);
  for (const ask of asks) {
    let times: BookingTimes | undefined;
    const { p50, p95 } = await timed(async () => {
      times = await withTenant((run) => run(worker), tenant, async (scope) => {
        const { page, offer } = await pageWithOffer(scope);
        const chosen = offer.services.filter((service) => services.includes(service.id));
        return freeTimes(scope, page, bookingWindow(page, new Date()), { ...ask, services: chosen });
      });
    }, RUNS);
    const ok = p50 < TARGET_MS;
    failed ||= !ok;
    console.log(`${ask.name.padEnd(22)} ${p50.toFixed(2).padStart(6)} ms ${p95.toFixed(2).padStart(6)} ms   ${String(offered(times!)).padStart(5)}   ${ok ? "ok" : "OVER"} (target ${TARGET_MS} ms median, ${(p50 / TARGET_MS).toFixed(2)}x)`);
  }
  await worker.end();

  console.log(`\nthe whole request through the Worker in workerd, a new database connection each (${RUNS} runs each)`);
  const requests: [string, string][] = [
    ["the page (no search)", ""],
    ...asks.map(({ name, stylist, from, days }): [string, string] => [
      name,
      `/times?services=${services.join(",")}${stylist ? `&stylist=${stylist}` : ""}&from=${from}&days=${days}`,
    ]),
  ];
  let floor = 0;
  for (const [name, path] of requests) {
    // Each run from an address of its own: the page's per-visitor limit is not what is measured.
    const { p50, p95 } = await timed(async (run) => {
      const response = await fetch(`${stack.workerUrl}/api/book/${SLUG}${path}`, { headers: { "cf-connecting-ip": `198.51.100.${run % 250}-${name}-${run}` } });
      if (response.status !== 200) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }, RUNS);
    floor ||= p50;
    console.log(`${name.padEnd(22)} ${p50.toFixed(2).padStart(6)} ms ${p95.toFixed(2).padStart(6)} ms   ${path ? `the search adds ${(p50 - floor).toFixed(2)} ms` : "the floor: connection, rate limit, lookup, the page's reads"}`);
  }
} finally {
  await stack.stop();
}
console.log(`\n${failed ? "FAILED" : "passed"}`);
process.exitCode = failed ? 1 : 0;

/** The salon, its open page, stylists, services and appointments, set-based. */
async function seed(sql: postgres.Sql) {
  const [user] = await sql<{ id: string }[]>`insert into users (email, password_hash, email_verified_at) values ('bench-booking@salon.test', 'x', now()) returning id`;
  const [salon] = await sql<{ id: string }[]>`insert into salons (owner_id, name, country, business_hours, time_zone)
    values (${user!.id}, 'Bench salon', 'CZ', ${JSON.stringify(DEFAULT_BUSINESS_HOURS)}::text::jsonb, 'Europe/Prague') returning id`;
  const salonId = salon!.id;
  await sql`update booking_pages set enabled = true, slug = ${SLUG}, min_notice_minutes = 120, horizon_days = 60 where salon_id = ${salonId}`;
  const stylists = (
    await sql<{ id: string }[]>`
      insert into stylists (salon_id, first_name, last_name, working_hours)
      select ${salonId}, 'Stylist', n::text, ${JSON.stringify(DEFAULT_WORKING_HOURS)}::text::jsonb from generate_series(1, ${STYLISTS}) n
      returning id`
  ).map((row) => row.id);
  const services = (
    await sql<{ id: string }[]>`
      insert into services (salon_id, name, duration, price) values (${salonId}, 'Haircut', 30, 450), (${salonId}, 'Wash', 15, 150)
      returning id`
  ).map((row) => row.id);
  // Each stylist's day: five appointments of 30 to 60 minutes from 08:00 UTC, 96 minutes apart, for 40 days.
  const first = Date.parse(`${dayOf(new Date(), "Europe/Prague")}T08:00:00Z`) + DAY_MS;
  const rows = stylists.flatMap((stylist, s) =>
    Array.from({ length: DAYS * PER_DAY }, (_, i) => {
      const [day, k] = [Math.floor(i / PER_DAY), i % PER_DAY];
      const start = first + day * DAY_MS + k * 96 * 60_000;
      return { stylist, start: new Date(start).toISOString(), end: new Date(start + (30 + ((day + s + k) % 3) * 15) * 60_000).toISOString() };
    }),
  );
  await sql`
    insert into appointments (salon_id, stylist_id, stylist_name, customer_name, start_at, end_at)
    select ${salonId}, r.stylist, 'Stylist', 'Client', r.start, r."end"
    from json_to_recordset(${JSON.stringify(rows)}::text::json) as r(stylist uuid, start timestamptz, "end" timestamptz)`;
  return { tenant: { salonId, userId: user!.id } satisfies Tenant, stylists, services };
}
