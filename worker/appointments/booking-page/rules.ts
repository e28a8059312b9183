import { BOOKING_CODES, type BookableService, type BookingPageView } from "../../../contract/booking-page.ts";
import { addressLine } from "../../../contract/client-message-texts.ts";
import type { BookingPage } from "../../data/booking-pages.ts";
import type { RequestContext } from "../../env.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { salonContact } from "../visit/rules.ts";
import type { BookingWindow } from "./free-times.ts";

/** A map search any phone opens in its maps app. */
const mapUrl = (place: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;

export function pageView(
  page: BookingPage,
  offer: { services: BookableService[]; stylists: { id: string; name: string }[] },
  window: BookingWindow,
): BookingPageView {
  const { salon } = page;
  const address = addressLine(salon);
  return {
    slug: page.slug,
    open: page.enabled,
    salon: {
      name: salon.name,
      address,
      phone: salon.phone,
      map_url: address && mapUrl(`${salon.name}, ${address}`),
      time_zone: salon.time_zone,
      currency: salon.currency,
      business_hours: salon.business_hours,
      language: salon.language,
    },
    waitlist: page.enabled && page.waitlist,
    services: page.enabled ? offer.services : [],
    stylists: page.enabled ? offer.stylists : [],
    min_notice_minutes: page.min_notice_minutes,
    horizon_days: page.horizon_days,
    slot_step: page.slot_step,
    first_day: window.firstDay,
    last_day: window.lastDay,
  };
}

/** Refuses a page its owner switched off. */
export function assertOpen(c: RequestContext, page: BookingPage): void {
  if (!page.enabled) throw new ApiError(409, { detail: `${c.var.t("booking.error.closed")} ${salonContact(c, page.salon.phone)}`, code: BOOKING_CODES.closed });
}

/** The services chosen, in the order chosen, as the page offers them; one it does not offer is refused. */
export function chosenServices(c: RequestContext, offered: BookableService[], ids: string[]): BookableService[] {
  const byId = new Map(offered.map((service) => [service.id, service]));
  const chosen = [...new Set(ids)].map((id) => byId.get(id));
  if (chosen.some((service) => !service)) throw notOffered(c, "services");
  return chosen as BookableService[];
}

/** The stylist chosen, when the page offers them; null for anyone. */
export function chosenStylist(c: RequestContext, offered: { id: string; name: string }[], id: string | null | undefined): string | null {
  if (!id) return null;
  if (!offered.some((stylist) => stylist.id === id)) throw notOffered(c, "stylist");
  return id;
}

const notOffered = (c: RequestContext, field: string) => {
  const detail = c.var.t("booking.error.notOffered");
  return new ApiError(422, { detail, code: BOOKING_CODES.notOffered, fields: { [field]: detail } });
};

export const tooManyPending = (c: RequestContext, page: BookingPage, count: number) =>
  new ApiError(409, { detail: `${c.var.t("booking.error.pendingLimit", { count })} ${salonContact(c, page.salon.phone)}`, code: BOOKING_CODES.pendingLimit });
