import { useMemo } from "react";
import { useIntl } from "react-intl";
import { isoDate, wallTime } from "../../../contract/time-zone.ts";

/** Dates and times of a visit on the salon's clock, in the page's language. */
export function useSalonClock(timeZone: string) {
  const intl = useIntl();
  return useMemo(
    () => ({
      longDate: (instant: string) => intl.formatDate(instant, { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" }),
      shortDate: (instant: string) => intl.formatDate(instant, { timeZone, weekday: "short", day: "numeric", month: "short" }),
      time: (instant: string) => intl.formatTime(instant, { timeZone, hour: "numeric", minute: "2-digit" }),
      /** A calendar day ("2026-12-07") as the day picker labels it. */
      day: (date: string, options: Intl.DateTimeFormatOptions) => intl.formatDate(`${date}T12:00:00Z`, { ...options, timeZone: "UTC" }),
    }),
    [intl, timeZone],
  );
}

/** The salon's calendar days from its today, `count` of them. */
export function salonDays(timeZone: string, count: number, now = new Date()): string[] {
  const today = wallTime(now, timeZone);
  return Array.from({ length: count }, (_, offset) => {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    return isoDate(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
  });
}
