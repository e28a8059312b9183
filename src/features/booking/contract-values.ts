import type { BOOKING_CODES, BOOKING_LIMITS } from "../../../contract/booking-page.ts";

/*
 * The contract's refusal codes and limits the page uses, written here as literals whose types
 * are pinned to the contract's: importing the values would bring that module's schemas along
 * (zod and the phone-number tables, about 40 KB gzip) into a page that checks nothing itself.
 */

export const CODES = {
  taken: "taken",
  tooSoon: "too_soon",
  tooFar: "too_far",
  unbookable: "unbookable",
} as const satisfies Partial<typeof BOOKING_CODES>;

export const LIMITS = {
  servicesPerBooking: 5,
  daysPerRequest: 14,
  name: 120,
  phone: 32,
  note: 500,
} as const satisfies Partial<typeof BOOKING_LIMITS>;
