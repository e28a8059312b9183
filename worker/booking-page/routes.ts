import { Hono } from "hono";
import {
  BOOKING_CODES,
  BOOKING_LIMITS,
  BOOKING_SLUG,
  bookingRequestSchema,
  bookingTimesQuery,
  type BookingConfirmation,
  type BookingPageView,
  type BookingTimes,
} from "../../contract/booking-page.ts";
import { salonCountry, toE164 } from "../../contract/phone.ts";
import { addDays, dayOf, dayStart } from "../../contract/time-zone.ts";
import { findFreeSlots, findSlotsAt } from "../availability/find.ts";
import type { Unbookable } from "../availability/unbookable.ts";
import { saveAndConfirm } from "../client-messages/appointment-changes.ts";
import { clientMessaging } from "../client-messages/compose.ts";
import { sendInBackground } from "../client-messages/deliver.ts";
import { linkMaker, signLink, visitLinkExpiry } from "../client-messages/links.ts";
import { bookableServices, bookableStylists, bookingPage, bookingPageTenant, pendingOnlineBookings, type BookingPage } from "../data/booking-pages.ts";
import { DataError } from "../data/errors.ts";
import { beforeTenant, withTenant, type Tenant, type TenantScope } from "../data/tenant.ts";
import type { AppEnv, RequestContext } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { clientAddress, enforce, refundHit, type Limit } from "../http/rate-limit.ts";
import { jsonBody, query } from "../http/validate.ts";
import { assertOpen, bookingWindow, chosenServices, chosenStylist, pageView, tooManyPending, type BookingWindow } from "./rules.ts";

// A visitor reads the page and asks for a few weeks of times, and books once or twice. A
// booking texts the number it names at the salon's cost, so numbers and salons are bounded too.
const HOUR = 3600;
const limits = {
  readPerClient: (ip: string): Limit => ({ bucket: `book:ip:${ip}`, max: 300, windowSeconds: 600 }),
  bookPerClient: (ip: string): Limit => ({ bucket: `book-make:ip:${ip}`, max: 10, windowSeconds: HOUR }),
  bookPerPhone: (salonId: string, phone: string): Limit => ({
    bucket: `book-make:phone:${salonId}:${phone}`,
    max: BOOKING_LIMITS.bookingsPerPhonePerDay,
    windowSeconds: 24 * HOUR,
  }),
  bookPerSalon: (salonId: string): Limit => ({ bucket: `book-make:salon:${salonId}`, max: BOOKING_LIMITS.bookingsPerSalonPerDay, windowSeconds: 24 * HOUR }),
};

const notFound = (c: RequestContext) => new ApiError(404, { detail: c.var.t("booking.error.notFound"), code: BOOKING_CODES.notFound });

/** The salon whose page the address names; the request is counted first. */
async function pageTenant(c: RequestContext, ...extra: Limit[]): Promise<Tenant> {
  await enforce(c, limits.readPerClient(clientAddress(c)), ...extra);
  const slug = c.req.param("slug") ?? "";
  const tenant = BOOKING_SLUG.test(slug) ? await beforeTenant(c.var.db, (scope) => bookingPageTenant(scope, slug)) : undefined;
  if (!tenant) throw notFound(c);
  return tenant;
}

/** The page with what it offers now, its services and stylists, read in one round trip. */
async function pageAndOffer(scope: TenantScope) {
  const [page, services, stylists] = await Promise.all([bookingPage(scope), bookableServices(scope), bookableStylists(scope)]);
  return { page, offer: { services, stylists } };
}

/** Why a time chosen on the page cannot be booked. */
function unbookable(c: RequestContext, why: Unbookable | { kind: "tooFar" }, page: BookingPage): ApiError {
  switch (why.kind) {
    case "past":
      return new ApiError(422, { detail: c.var.t("booking.error.tooSoon", { minutes: page.min_notice_minutes }), code: BOOKING_CODES.tooSoon });
    case "tooFar":
      return new ApiError(422, { detail: c.var.t("booking.error.tooFar", { days: page.horizon_days }), code: BOOKING_CODES.tooFar });
    case "taken":
      return new ApiError(409, { detail: c.var.t("booking.error.taken"), code: BOOKING_CODES.taken });
    default:
      return new ApiError(422, { detail: c.var.t("visit.error.unbookable"), code: BOOKING_CODES.unbookable });
  }
}

/** Free start times of the days asked for within the window, by the salon's calendar day; "anyone" merges the stylists'. */
function daysOfTimes(starts: number[], timeZone: string, days: string[]): BookingTimes["days"] {
  const byDay = new Map(days.map((date) => [date, new Set<number>()]));
  for (const start of starts) byDay.get(dayOf(new Date(start), timeZone))?.add(start);
  return days.map((date) => ({ date, times: [...byDay.get(date)!].map((start) => new Date(start).toISOString()) }));
}

/** The days from `from` on, at most `count`, that lie inside the window. */
function daysAsked(window: BookingWindow, from: string, count: number): string[] {
  const days: string[] = [];
  for (let date = from < window.firstDay ? window.firstDay : from; date <= window.lastDay && days.length < count; date = addDays(date, 1)) days.push(date);
  return days;
}

/**
 * /api/book/:slug: a salon's online booking page. Free times come from the same search as the
 * dashboard's and the receptionist's, and a booking goes the same way as theirs, confirmed to
 * the client; the database's exclusion constraint decides between two visitors taking one time.
 */
export const bookingRoutes = new Hono<AppEnv>()
  .get("/:slug", async (c) => {
    const tenant = await pageTenant(c);
    const view = await withTenant(c.var.db, tenant, async (scope) => {
      const { page, offer } = await pageAndOffer(scope);
      return pageView(page, offer, bookingWindow(page, new Date()));
    });
    return c.json<BookingPageView>(view);
  })
  .get("/:slug/times", query(bookingTimesQuery), async (c) => {
    const asked = c.req.valid("query");
    const tenant = await pageTenant(c);
    const times = await withTenant(c.var.db, tenant, async (scope) => {
      const { page, offer } = await pageAndOffer(scope);
      assertOpen(c, page);
      const services = chosenServices(c, offer.services, asked.services);
      const stylist = chosenStylist(c, offer.stylists, asked.stylist);
      const window = bookingWindow(page, new Date());
      const days = daysAsked(window, asked.from, asked.days);
      const timeZone = page.salon.time_zone;
      const after = days.length ? addDays(days.at(-1)!, 1) : null;
      const slots = days.length
        ? await findFreeSlots(scope, {
            from: dayStart(days[0]!, timeZone),
            to: dayStart(after!, timeZone),
            duration: services.reduce((sum, service) => sum + service.duration, 0),
            stylistId: stylist ?? undefined,
            notBefore: window.notBefore,
            step: page.slot_step,
            onlineOnly: true,
          })
        : [];
      return {
        time_zone: timeZone,
        days: daysOfTimes(slots.map((slot) => slot.start), timeZone, days),
        next: after && after <= window.lastDay ? after : null,
      };
    });
    return c.json<BookingTimes>(times);
  })
  .post("/:slug/bookings", jsonBody(bookingRequestSchema), async (c) => {
    const request = c.req.valid("json");
    const tenant = await pageTenant(c, limits.bookPerClient(clientAddress(c)));
    // People never see the field; what fills it is a script, told no more than a person would be.
    if (request.website) throw new ApiError(422, { detail: c.var.t("booking.error.refused"), code: "refused" });

    const page = await withTenant(c.var.db, tenant, bookingPage);
    assertOpen(c, page);
    const phone = toE164(request.phone, salonCountry(page.salon));
    if (!phone) {
      const detail = c.var.t("validation.booking.phone");
      throw new ApiError(422, { detail, code: "validation_error", fields: { phone: detail } });
    }
    // Counted before the booking, so bookings sent together cannot all pass; given back when
    // none is made, so a visitor who lost a race is not short of tries.
    const counted = [limits.bookPerPhone(tenant.salonId, phone), limits.bookPerSalon(tenant.salonId)];
    await enforce(c, ...counted);

    const start = new Date(request.start_datetime);
    const booking = withTenant(c.var.db, tenant, async (scope) => {
      const [pending, { offer }] = await Promise.all([pendingOnlineBookings(scope, phone), pageAndOffer(scope)]);
      if (pending >= BOOKING_LIMITS.pendingPerPhone) throw tooManyPending(c, page, pending);
      const services = chosenServices(c, offer.services, request.services);
      const stylist = chosenStylist(c, offer.stylists, request.stylist);
      const window = bookingWindow(page, new Date());
      if (start >= window.until) throw unbookable(c, { kind: "tooFar" }, page);

      const found = await findSlotsAt(
        scope,
        {
          duration: services.reduce((sum, service) => sum + service.duration, 0),
          stylistId: stylist ?? undefined,
          notBefore: window.notBefore,
          step: page.slot_step,
          onlineOnly: true,
        },
        start,
      );
      if ("why" in found) throw unbookable(c, found.why, page);
      // "Anyone": when the first stylist free at that time is taken meanwhile, the next one free then is booked.
      for (const slot of found.slots) {
        try {
          const saved = await saveAndConfirm(
            scope,
            clientMessaging(c.env),
            {
              customer_name: request.name,
              customer_phone: phone,
              stylist: slot.stylistId,
              start_datetime: new Date(slot.start).toISOString(),
              end_datetime: new Date(slot.end).toISOString(),
              notes: request.note,
              services: services.map((service) => ({ service: service.id, price_at_booking: null, duration_at_booking: null })),
            },
            { source: "online", email: request.email, clientLanguage: c.var.language },
          );
          const { appointment } = saved;
          const secret = linkMaker(c.env)?.secret;
          const confirmation: BookingConfirmation = {
            start_datetime: appointment.start_datetime,
            end_datetime: appointment.end_datetime,
            time_zone: page.salon.time_zone,
            services: appointment.services.map((line) => line.service_name),
            stylist_name: appointment.stylist_name,
            visit_token: secret ? await signLink(secret, "visit", appointment.id, visitLinkExpiry(new Date(appointment.end_datetime))) : null,
          };
          return { confirmation, queued: saved.queued };
        } catch (error) {
          if (!(error instanceof DataError && error.options.code === "overlap")) throw error;
        }
      }
      throw unbookable(c, { kind: "taken" }, page);
    });
    const { confirmation, queued } = await booking.catch(async (error: unknown) => {
      if (error instanceof ApiError) await Promise.all(counted.map((limit) => refundHit(c, limit)));
      throw error;
    });
    sendInBackground(c.env, c.executionCtx, tenant, queued);
    return c.json<BookingConfirmation>(confirmation, 201);
  });
