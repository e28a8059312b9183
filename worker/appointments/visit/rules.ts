import { addressLine } from "../../../contract/client-message-texts.ts";
import { addDays, dayOf, dayStart } from "../../../contract/time-zone.ts";
import { VISIT_CODES, VISIT_SEARCH_DAYS, type VisitView } from "../../../contract/visit.ts";
import type { Visit } from "../../data/visits.ts";
import type { RequestContext } from "../../env.ts";
import { ApiError } from "../../platform/http/errors.ts";

const HOUR_MS = 3_600_000;

/** The first instant the client can no longer change the visit themselves: its start less the salon's notice. */
export const noticeStart = (visit: Pick<Visit, "start_at" | "cancellation_notice_hours">) =>
  new Date(visit.start_at.getTime() - visit.cancellation_notice_hours * HOUR_MS);

/** Booked, and further ahead than the notice. */
export const canChange = (visit: Visit, now: Date) => visit.status === "booked" && now < noticeStart(visit);

/** The visit as the client's page shows it. */
export function visitView(visit: Visit, now: Date): VisitView {
  return {
    salon: { name: visit.salon.name, address: addressLine(visit.salon), phone: visit.salon.phone },
    appointment: {
      start_datetime: visit.start_at.toISOString(),
      end_datetime: visit.end_at.toISOString(),
      time_zone: visit.salon.time_zone,
      services: visit.services,
      stylist_name: visit.stylist_name,
      status: visit.status,
    },
    cancellation_notice_hours: visit.cancellation_notice_hours,
    can_change: canChange(visit, now),
    language: visit.language,
  };
}

/** How to reach the salon instead, for a refusal: its number when it gave one. */
export const salonContact = (c: RequestContext, phone: string | null) =>
  phone ? c.var.t("visit.error.callSalon", { phone }) : c.var.t("visit.error.contactSalon");

/** Refuses a change the client may no longer make, telling them how to reach the salon instead. */
export function assertChangeable(c: RequestContext, visit: Visit, now: Date): void {
  if (canChange(visit, now)) return;
  const contact = salonContact(c, visit.salon.phone);
  const [reason, code] =
    visit.status === "booked" ? ["visit.error.tooLate", VISIT_CODES.tooLate] : ["visit.error.notBooked", VISIT_CODES.notBooked];
  throw new ApiError(409, { detail: `${c.var.t(reason)} ${contact}`, code });
}

/** The earliest new start the client may choose: now plus the salon's notice. */
export const earliestNewStart = (visit: Pick<Visit, "cancellation_notice_hours">, now: Date) =>
  new Date(now.getTime() + visit.cancellation_notice_hours * HOUR_MS);

/**
 * The instants a calendar day of the salon spans, for a day from the salon's today to
 * VISIT_SEARCH_DAYS ahead; any other day is refused.
 */
export function searchDay(c: RequestContext, date: string, timeZone: string, now: Date): { from: Date; to: Date } {
  const today = dayOf(now, timeZone);
  if (date < today || date > addDays(today, VISIT_SEARCH_DAYS)) {
    throw new ApiError(422, { detail: c.var.t("visit.error.dateRange", { days: VISIT_SEARCH_DAYS }), code: "validation_error" });
  }
  return { from: dayStart(date, timeZone), to: dayStart(addDays(date, 1), timeZone) };
}
