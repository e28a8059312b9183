import { describe, expect, it } from "vitest";
import type { BusinessHours } from "../../contract/salon-basics.ts";
import { firstWish, wishChoices } from "../../src/features/booking/waitlist-wish.ts";

const hours = (open: string, close: string) => ({ open, close });
const salon = (business_hours: BusinessHours) => ({ business_hours }) as Parameters<typeof wishChoices>[0]["salon"];
const WEEK: BusinessHours = { 0: hours("09:00", "17:00"), 1: hours("10:00", "19:30"), 2: null, 3: hours("08:30", "12:00"), 4: hours("09:00", "17:00"), 5: null, 6: null };

describe("what the booking page's waitlist form offers", () => {
  it("takes the salon's open days and the half hours from its earliest opening to its latest closing", () => {
    const choices = wishChoices({ salon: salon(WEEK), first_day: "2026-12-07", last_day: "2027-02-05" });
    expect(choices.days).toEqual([0, 1, 3, 4]);
    expect(choices.times[0]).toBe("08:30");
    expect(choices.times.at(-1)).toBe("19:30");
    expect(choices.times).toHaveLength(23);
    expect(choices.lastDays).toEqual(["2026-12-14", "2026-12-21", "2027-01-06", "2027-02-05"]);
    expect(firstWish(choices, "2026-12-07")).toEqual({ weekdays: [1, 2, 4, 5], from_time: "08:30", until_time: "19:30", until_date: "2027-01-06" });
  });

  it("keeps the last day within a short horizon, and asks every day of a salon that lists no hours", () => {
    const none: BusinessHours = { 0: null, 1: null, 2: null, 3: null, 4: null, 5: null, 6: null };
    const choices = wishChoices({ salon: salon(none), first_day: "2026-12-07", last_day: "2026-12-10" });
    expect(choices.days).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(choices.lastDays).toEqual(["2026-12-10"]);
    expect(firstWish(choices, "2026-12-07")).toMatchObject({ weekdays: [1, 2, 3, 4, 5, 6, 7], from_time: "09:00", until_time: "18:00", until_date: "2026-12-10" });
    // Ten days: a week, or as long as the page books.
    expect(wishChoices({ salon: salon(WEEK), first_day: "2026-12-07", last_day: "2026-12-17" }).lastDays).toEqual(["2026-12-14", "2026-12-17"]);
  });
});
