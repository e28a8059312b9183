// How fast a salon's booking page answers a visitor's request for free times: the whole
// request, GET /api/book/:slug/times, through the bundled Worker in workerd (as
// bench/support/call-stack.ts runs it) against a salon of 10 stylists with 2,000 upcoming
// appointments. A week of times for two services (45 minutes), for anyone and for one
// stylist. Target: under 10 ms median each.
import postgres from "postgres";
import { DEFAULT_BUSINESS_HOURS, DEFAULT_WORKING_HOURS } from "../contract/salon.ts";
import { addDays, dayOf, DAY_MS } from "../contract/time-zone.ts";
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
  const { stylists, services } = await seed(sql);
  const [{ count } = { count: 0 }] = await sql<{ count: number }[]>`select count(*)::int as count from appointments a join booking_pages b using (salon_id) where b.slug = ${SLUG}`;
  await sql`vacuum analyze`;
  await sql.end();
  console.log(`booking page of a salon with ${STYLISTS} stylists and ${count.toLocaleString("en")} upcoming appointments\n`);

  const from = dayOf(new Date(Date.now() + DAY_MS), "Europe/Prague");
  const requests: [string, string][] = [
    // The page itself: the same connection, rate limit, lookup and reads without the search, for comparison.
    ["the page (no search)", ""],
    ["a week, anyone", `services=${services.join(",")}&from=${from}&days=7`],
    ["a week, one stylist", `services=${services.join(",")}&stylist=${stylists[3]}&from=${from}&days=7`],
    ["two weeks, anyone", `services=${services.join(",")}&from=${addDays(from, 7)}&days=14`],
  ];
  console.log(`${"request".padEnd(22)} ${"median".padStart(9)} ${"p95".padStart(9)}   times offered, ${RUNS} runs each`);
  for (const [name, query] of requests) {
    let offered = 0;
    // Each run from an address of its own: the page's per-visitor limit is not what is measured.
    const { p50, p95 } = await timed(async (run) => {
      const response = await fetch(`${stack.workerUrl}/api/book/${SLUG}${query ? `/times?${query}` : ""}`, {
        headers: { "cf-connecting-ip": `198.51.100.${run % 250}-${name}-${run}` },
      });
      if (response.status !== 200) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { days?: { times: string[] }[] };
      offered = body.days?.reduce((sum, day) => sum + day.times.length, 0) ?? 0;
    }, RUNS);
    const ok = p50 < TARGET_MS;
    failed ||= !ok;
    console.log(`${name.padEnd(22)} ${p50.toFixed(2).padStart(6)} ms ${p95.toFixed(2).padStart(6)} ms   ${String(offered).padStart(5)}   ${ok ? "ok" : "OVER"} (target ${TARGET_MS} ms median, ${(p50 / TARGET_MS).toFixed(2)}x)`);
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
  return { stylists, services };
}
