import type { AppointmentSource } from "../../../contract/appointments.ts";

/**
 * Where a booking came from, as a small stroke icon (24 by 24) beside its words: the
 * dashboard's screen, the receptionist's phone, the online page's globe, an offer's paper plane.
 */
export const SOURCE_ICONS: Record<AppointmentSource, string> = {
  dashboard: "M3 5.25A2.25 2.25 0 0 1 5.25 3h13.5A2.25 2.25 0 0 1 21 5.25v9.5A2.25 2.25 0 0 1 18.75 17H5.25A2.25 2.25 0 0 1 3 14.75zM9 21h6M12 17v4",
  voice:
    "M2.25 6.75c0 8.284 6.716 15 15 15h2.25a2.25 2.25 0 0 0 2.25-2.25v-1.372c0-.516-.351-.966-.852-1.091l-4.423-1.106c-.44-.11-.902.055-1.173.417l-.97 1.293c-.282.376-.769.542-1.21.38a12.035 12.035 0 0 1-7.143-7.143c-.162-.441.004-.928.38-1.21l1.293-.97c.363-.271.527-.734.417-1.173L6.963 3.102a1.125 1.125 0 0 0-1.091-.852H4.5A2.25 2.25 0 0 0 2.25 4.5z",
  online: "M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM3 12h18M12 3c2.4 2.5 3.6 5.5 3.6 9s-1.2 6.5-3.6 9M12 3c-2.4 2.5-3.6 5.5-3.6 9s1.2 6.5 3.6 9",
  outreach: "M6 12 3.269 3.125A59.769 59.769 0 0 1 21.485 12 59.768 59.768 0 0 1 3.27 20.875L5.999 12Zm0 0h7.5",
};

/** Sources the calendar's events are marked with: the dashboard's own bookings, the usual case, go unmarked. */
export const MARKED_SOURCES = ["online", "voice", "outreach"] as const satisfies readonly AppointmentSource[];
export type MarkedSource = (typeof MARKED_SOURCES)[number];

export const isMarked = (source: AppointmentSource): source is MarkedSource => (MARKED_SOURCES as readonly string[]).includes(source);
