import type { BookingPageView } from "../../../contract/booking-page.ts";
import type { IsoWeekday } from "../../../contract/outreach.ts";
import type { Weekday } from "../../../contract/salon-basics.ts";
import { addDays, minutesOf } from "../../../contract/time-zone.ts";

/** What a visitor asks the waitlist for: ISO weekdays (1 Monday … 7 Sunday), the hours a visit may take, and a last day. */
export interface Wish {
  weekdays: IsoWeekday[];
  from_time: string;
  until_time: string;
  until_date: string;
}

/** How long a wish may last, in days from today, as the page offers it; the horizon's last day ends the list. */
const SPANS = [7, 14, 30, 60, 90, 180];
const DEFAULT_SPAN = 30;
const STEP_MINUTES = 30;

const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The choices the salon's hours allow: its open days (all seven when it lists none), the half
 * hours from its earliest opening to its latest closing, and last days up to the horizon.
 */
export function wishChoices(view: Pick<BookingPageView, "salon" | "first_day" | "last_day">) {
  const open = Object.entries(view.salon.business_hours).flatMap(([day, hours]) => (hours ? [{ day: Number(day) as Weekday, ...hours }] : []));
  const days = open.length > 0 ? open.map((hours) => hours.day).sort() : ([0, 1, 2, 3, 4, 5, 6] as Weekday[]);
  const opens = open.length > 0 ? Math.min(...open.map((hours) => minutesOf(hours.open))) : 9 * 60;
  const closes = open.length > 0 ? Math.max(...open.map((hours) => minutesOf(hours.close))) : 18 * 60;
  const times: string[] = [];
  for (let minutes = opens; minutes <= closes; minutes += STEP_MINUTES) times.push(timeOf(minutes));
  const within = SPANS.map((span) => addDays(view.first_day, span)).filter((day) => day < view.last_day);
  const lastDays = [...within, view.last_day];
  return { days, times, lastDays };
}

/** The ISO weekday of a day of the salon's hours (0 Monday). */
export const isoWeekday = (day: Weekday) => (day + 1) as IsoWeekday;

export type WishChoices = ReturnType<typeof wishChoices>;

/** The wish a form starts from: every open day, the whole of the salon's hours, a month or the horizon's end. */
export function firstWish(choices: WishChoices, firstDay: string): Wish {
  const month = addDays(firstDay, DEFAULT_SPAN);
  return {
    weekdays: choices.days.map(isoWeekday),
    from_time: choices.times[0]!,
    until_time: choices.times.at(-1)!,
    until_date: choices.lastDays.includes(month) ? month : choices.lastDays.at(-1)!,
  };
}
