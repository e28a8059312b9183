/**
 * The online booking page's limits and refusal codes, apart from its schemas
 * (booking-page.ts, which re-exports them): the visitor's page reads these values without
 * loading zod and the phone-number tables.
 */

export const BOOKING_LIMITS = {
  /** Services one booking may combine. */
  servicesPerBooking: 5,
  /** Days one request for free times covers. */
  daysPerRequest: 14,
  /** Upcoming online bookings one phone number may hold at a salon. */
  pendingPerPhone: 3,
  /** Online bookings of one phone number at a salon per day. */
  bookingsPerPhonePerDay: 5,
  /** Online bookings a salon takes per day, so a script cannot fill its calendar and its clients' phones. */
  bookingsPerSalonPerDay: 100,
  /** Waitlist wishes one number may have waiting at a salon. */
  waitingPerPhone: 3,
  /** Times one number may join a salon's waitlist per day. */
  waitlistPerPhonePerDay: 5,
  /** Waitlist wishes a salon takes from its page per day. */
  waitlistPerSalonPerDay: 50,
  note: 500,
  name: 120,
  phone: 32,
} as const;

/** Refusals the page tells apart by their `code`. */
export const BOOKING_CODES = {
  /** No page has this address (404). */
  notFound: "booking_page_not_found",
  /** The salon switched its page off (409). */
  closed: "booking_closed",
  /** Someone else took the time first (409): the page shows fresh times. */
  taken: "taken",
  /** Closer than the salon's notice, or no longer ahead (422). */
  tooSoon: "too_soon",
  /** Further ahead than the salon books online (422). */
  tooFar: "too_far",
  /** Outside the hours of the salon or of the stylist chosen (422). */
  unbookable: "unbookable",
  /** A service or stylist the page does not offer (422). */
  notOffered: "not_offered",
  /** The phone number already holds as many upcoming online bookings as allowed (409). */
  pendingLimit: "pending_limit",
  /** The salon keeps no waitlist now: its outreach is off (409). */
  waitlistClosed: "waitlist_closed",
  /** The phone number already waits for as many times as allowed (409). */
  waitingLimit: "waiting_limit",
  /** The salon's slug is another salon's (409). */
  slugTaken: "slug_taken",
} as const;
