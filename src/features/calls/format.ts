import { COMPLETED, type Call } from "../../../contract/calls.ts";
import { DAY_MS, wallTime } from "../../../contract/time-zone.ts";

const pad = (value: number) => String(value).padStart(2, "0");

/** Seconds as mm:ss (minutes keep counting past the hour: 75:03). */
export function minutesSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** The number a row shows: the caller of an inbound call, the callee of an outbound one. */
export const otherParty = (call: Call) => (call.direction === "outbound" ? call.to_number : call.from_number);

export type CallKind = "inbound" | "missed" | "outbound";

/**
 * Inbound and completed, inbound and not completed (missed), or outbound. A call still
 * running is not missed: it reads as inbound until it ends.
 */
export const callKind = (call: Call): CallKind => {
  if (call.direction === "outbound") return "outbound";
  return call.call_status === COMPLETED || call.call_status === "in-progress" ? "inbound" : "missed";
};

/** How long after a call ends its summary is worth waiting for on screen. */
const SUMMARY_EXPECTED_MS = 10 * 60_000;

/** Whether a call has ended lately and its summary is still being written. */
export function awaitingSummary(call: Call, now = Date.now()): boolean {
  if (call.summary_state !== "pending" || call.call_status === "in-progress" || call.call_duration === null) return false;
  const ended = Date.parse(call.call_started_at) + call.call_duration * 1000;
  return now - ended < SUMMARY_EXPECTED_MS;
}

/** The salon's calendar day of an instant, "2026-11-23". */
export function salonDay(instant: string | Date, timeZone: string): string {
  const wall = wallTime(new Date(instant), timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** The calendar day before a day, "2026-11-22". */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** Calls grouped by the salon's day, in the order given (newest first). */
export function groupByDay(calls: Call[], timeZone: string): { day: string; calls: Call[] }[] {
  const groups: { day: string; calls: Call[] }[] = [];
  for (const call of calls) {
    const day = salonDay(call.call_started_at, timeZone);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.calls.push(call);
    else groups.push({ day, calls: [call] });
  }
  return groups;
}

/** Pretty-prints a JSON string for a function-call card; anything else is shown as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
