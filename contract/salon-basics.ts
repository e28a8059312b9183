/**
 * A salon's plain values and shapes: weekday keys, hours, defaults. Apart from the schemas in
 * salon.ts, so screens that only read salon data (the calendar, an assistant's instructions)
 * load neither the schemas nor the phone-number metadata their phone fields are checked with.
 */

/** Day keys of business and working hours: 0 = Monday … 6 = Sunday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const DEFAULT_COLOR = "#3788d8";
export const DEFAULT_SERVICE_DURATION = 60;
export const SERVICE_DURATION_STEP = 5;
export const DEFAULT_TIME_ZONE = "Europe/Prague";

interface OpeningHours {
  open: string;
  close: string;
}
/** A closed day is null. */
export type BusinessHours = Record<`${Weekday}`, OpeningHours | null>;

export interface WorkingDay {
  working: true;
  morning_start: string | null;
  morning_end: string | null;
  afternoon_start: string | null;
  afternoon_end: string | null;
}
/** A day off is null. */
export type WorkingHours = Record<`${Weekday}`, WorkingDay | null>;

export interface TimeOff {
  start_date: string;
  end_date: string;
  note: string | null;
}

/** One value per weekday key. */
export const everyDay = <T>(value: (day: Weekday) => T) =>
  Object.fromEntries(WEEKDAYS.map((day) => [String(day), value(day)])) as Record<`${Weekday}`, T>;

export const DEFAULT_BUSINESS_HOURS: BusinessHours = everyDay(() => ({ open: "09:00", close: "18:00" }));
export const DEFAULT_WORKING_HOURS: WorkingHours = everyDay((day) =>
  day === 6 ? null : { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "17:00" },
);
