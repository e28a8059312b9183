import { BOOKING_CODES, BOOKING_LIMITS, type BookingWaitlistConfirmation, type BookingWaitlistBody } from "../../../contract/booking-page.ts";
import type { BookingPage } from "../../data/booking-pages.ts";
import { pageWithOffer } from "../../data/booking-pages.ts";
import type { TenantScope } from "../../data/tenant.ts";
import { createWaitlistEntry, waitingWishes } from "../../data/waitlist.ts";
import type { RequestContext } from "../../env.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { salonContact } from "../visit/rules.ts";
import { bookingWindow } from "./free-times.ts";
import { chosenServices, chosenStylist } from "./rules.ts";

/** Refuses a visitor's wish when the salon offers no freed time to anyone: its outreach is off. */
export function assertWaitlistOpen(c: RequestContext, page: BookingPage): void {
  if (!page.waitlist) {
    throw new ApiError(409, { detail: `${c.var.t("booking.error.waitlistClosed")} ${salonContact(c, page.salon.phone)}`, code: BOOKING_CODES.waitlistClosed });
  }
}

/**
 * Puts a visitor of the page on the salon's waitlist, for services and a stylist the page
 * offers, from the salon's today to a day within the page's horizon. The entry is the
 * dashboard's, with source `online`; its offers are written in the page's language unless
 * the number's client has one of their own.
 */
export async function joinWaitlist(
  c: RequestContext,
  scope: TenantScope,
  page: BookingPage,
  request: Omit<BookingWaitlistBody, "phone">,
  phone: string,
): Promise<BookingWaitlistConfirmation> {
  const [waiting, { offer }] = await Promise.all([waitingWishes(scope, phone), pageWithOffer(scope)]);
  if (waiting >= BOOKING_LIMITS.waitingPerPhone) {
    throw new ApiError(409, {
      detail: `${c.var.t("booking.error.waitingLimit", { count: waiting })} ${salonContact(c, page.salon.phone)}`,
      code: BOOKING_CODES.waitingLimit,
    });
  }
  const services = chosenServices(c, offer.services, request.services);
  const stylist = chosenStylist(c, offer.stylists, request.stylist);
  const window = bookingWindow(page, new Date());
  if (request.until_date < window.firstDay || request.until_date > window.lastDay) {
    const detail = c.var.t("booking.error.waitUntil", { days: page.horizon_days });
    throw new ApiError(422, { detail, code: "validation_error", fields: { until_date: detail } });
  }

  const entry = await createWaitlistEntry(
    scope,
    {
      name: request.name,
      phone,
      services: services.map((service) => service.id),
      stylist,
      weekdays: request.weekdays,
      from_time: request.from_time,
      until_time: request.until_time,
      from_date: window.firstDay,
      until_date: request.until_date,
      note: request.note,
    },
    "online",
    c.var.language,
  );
  return {
    services: entry.services.map((service) => service.name),
    stylist_name: entry.stylist_name,
    weekdays: entry.weekdays,
    from_time: entry.from_time,
    until_time: entry.until_time,
    until_date: entry.until_date,
    phone: entry.phone,
  };
}
