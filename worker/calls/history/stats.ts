import { DAY_MS } from "../../../contract/time-zone.ts";
import type { CallStats, StatsPeriod } from "../../../contract/calls.ts";
import { callsPerDay } from "../../data/calls.ts";
import type { TenantScope } from "../../data/tenant.ts";
import { periodRange } from "./periods.ts";

/** Totals of the calls that started in a period of the salon's calendar, and the calls of each day. */
export async function callStats(scope: TenantScope, period: StatsPeriod, timeZone: string, now = new Date()): Promise<CallStats> {
  const range = periodRange(period, timeZone, now);
  const rows = await callsPerDay(scope, range, timeZone);
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
  return new Date(last.getTime() + DAY_MS).toISOString().slice(0, 10);
}
