import type { IntlShape } from "react-intl";
import { errorDetail } from "../../lib/api-client.ts";

/** A day of 2024, which began on a Monday: ISO weekday `n` falls on 1 January + n - 1. */
const weekdayDate = (weekday: number) => Date.UTC(2024, 0, weekday);

/** An ISO weekday's name the interface's way ("Mon", "po"). */
export const weekdayName = (weekday: number, intl: IntlShape, width: "short" | "long" = "short") =>
  intl.formatDate(weekdayDate(weekday), { weekday: width, timeZone: "UTC" });

/**
 * The days a client can come: "Every day", or the days with runs of three or more joined
 * ("Mon–Fri, Sun").
 */
export function weekdaysText(weekdays: readonly number[], intl: IntlShape): string {
  if (weekdays.length === 7) return intl.formatMessage({ id: "waitlist.screen.everyDay" });
  const days = [...weekdays].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${weekdayName(run[0]!, intl)}–${weekdayName(run.at(-1)!, intl)}`] : run.map((day) => weekdayName(day, intl))))
    .join(", ");
}

/** A wall-clock time ("14:30") the interface's way. */
export const clockText = (time: string, intl: IntlShape) =>
  intl.formatTime(Date.UTC(2024, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5))), { hour: "numeric", minute: "2-digit", timeZone: "UTC" });

/** A calendar day ("2027-12-01") the interface's way. */
export const dayText = (date: string, intl: IntlShape) =>
  intl.formatDate(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))), {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

/** An instant on the salon's clock, with its weekday. */
export const instantText = (instant: string, timeZone: string, intl: IntlShape) =>
  intl.formatDate(instant, { weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit", timeZone });

/** The time of day of an instant on the salon's clock. */
export const instantClock = (instant: string, timeZone: string, intl: IntlShape) =>
  intl.formatTime(instant, { hour: "numeric", minute: "2-digit", timeZone });

/** Why a request failed, for the end of a "Could not …: {detail}" message. */
export const failureDetail = (error: unknown, intl: IntlShape) =>
  errorDetail(error, intl.formatMessage({ id: error instanceof TypeError ? "waitlist.screen.noAnswer" : "waitlist.screen.unknownError" }));
