// How long one availability query takes: 10 stylists, 14 days, 2,000 booked appointments,
// in Europe/Prague. Target: under 5 ms per query (median of many runs).
import { DEFAULT_BUSINESS_HOURS, DEFAULT_WORKING_HOURS } from "../contract/salon.ts";
import { DAY_MS } from "../contract/time-zone.ts";
import { freeSlots, type Busy } from "../worker/appointments/availability/free-slots.ts";

const TARGET_MS = 5;
const RUNS = 400;
const from = new Date("2026-12-06T23:00:00Z"); // Monday 7 December, Prague midnight
const to = new Date(from.getTime() + 14 * DAY_MS);

const stylists = Array.from({ length: 10 }, (_, i) => ({
  id: `stylist-${i}`,
  working_hours: DEFAULT_WORKING_HOURS,
  time_off: i === 3 ? [{ start_date: "2026-12-14", end_date: "2026-12-16", note: null }] : [],
}));

// 2,000 appointments spread over the fortnight's working hours, 15-120 minutes long.
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const busy: Busy[] = Array.from({ length: 2000 }, () => {
  const day = Math.floor(random() * 14);
  const startMinute = 8 * 60 + Math.floor(random() * 32) * 15; // 08:00-16:00 UTC
  const start = from.getTime() + day * DAY_MS + (startMinute + 60) * 60_000;
  return { stylist_id: `stylist-${Math.floor(random() * 10)}`, start, end: start + (1 + Math.floor(random() * 8)) * 15 * 60_000 };
});

const query = () =>
  freeSlots({ timeZone: "Europe/Prague", businessHours: DEFAULT_BUSINESS_HOURS, stylists, busy, from, to, duration: 75, step: 15 });

for (let i = 0; i < 50; i++) query(); // warm up the JIT and Intl caches
const times: number[] = [];
let slots = 0;
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  slots = query().length;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(RUNS / 2)]!;
const p95 = times[Math.floor(RUNS * 0.95)]!;
console.log(`availability: 10 stylists, 14 days, ${busy.length} appointments, 75-minute services -> ${slots} free starts`);
console.log(`median ${median.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms over ${RUNS} runs; target ${TARGET_MS} ms (median is ${(median / TARGET_MS).toFixed(2)}x the target)`);
process.exitCode = median < TARGET_MS ? 0 : 1;
