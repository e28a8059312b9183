import { Hono } from "hono";
import {
  BOOKING_CODES,
  BOOKING_LIMITS,
  BOOKING_SLUG,
  bookingRequestSchema,
  bookingTimesQuery,
  bookingWaitlistSchema,
  type BookingConfirmation,
  type BookingPageView,
  type BookingTimes,
  type BookingWaitlistConfirmation,
} from "../../../contract/booking-page.ts";
import { salonCountry, toE164 } from "../../../contract/phone.ts";
import { findSlotsAt } from "../availability/find.ts";
import type { Unbookable } from "../availability/unbookable.ts";
import { saveAndConfirm } from "../changes.ts";
import { clientMessaging } from "../../clients/messaging/compose.ts";
import { sendInBackground } from "../../clients/messaging/deliver.ts";
import { linkMaker, signLink, visitLinkExpiry } from "../../clients/messaging/links.ts";
import { bookingPage, bookingPageTenant, pageWithOffer, pendingOnlineBookings, type BookingPage } from "../../data/booking-pages.ts";
import { DataError } from "../../data/errors.ts";
import { beforeTenant, withTenant, type Tenant } from "../../data/tenant.ts";
import type { AppEnv, RequestContext } from "../../env.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { clientAddress, enforce, spending, type Limit } from "../../platform/http/rate-limit.ts";
import { jsonBody, query } from "../../platform/http/validate.ts";
import { bookingWindow, freeTimes } from "./free-times.ts";
import { assertWaitlistOpen, joinWaitlist } from "./join-waitlist.ts";
import { assertOpen, chosenServices, chosenStylist, pageView, tooManyPending } from "./rules.ts";

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
  waitPerClient: (ip: string): Limit => ({ bucket: `book-wait:ip:${ip}`, max: 10, windowSeconds: HOUR }),
  waitPerPhone: (salonId: string, phone: string): Limit => ({
    bucket: `book-wait:phone:${salonId}:${phone}`,
    max: BOOKING_LIMITS.waitlistPerPhonePerDay,
    windowSeconds: 24 * HOUR,
  }),
  waitPerSalon: (salonId: string): Limit => ({ bucket: `book-wait:salon:${salonId}`, max: BOOKING_LIMITS.waitlistPerSalonPerDay, windowSeconds: 24 * HOUR }),
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

/** A script that filled the hidden field is told no more than a person would be, and nothing is written. */
function refuseScripts(c: RequestContext, request: { website?: string }): void {
  if (request.website) throw new ApiError(422, { detail: c.var.t("booking.error.refused"), code: "refused" });
}

/** The visitor's number in E.164, read in the salon's country; one that cannot be is refused at the field. */
function visitorPhone(c: RequestContext, page: BookingPage, typed: string): string {
  const phone = toE164(typed, salonCountry(page.salon));
  if (phone) return phone;
  const detail = c.var.t("validation.booking.phone");
  throw new ApiError(422, { detail, code: "validation_error", fields: { phone: detail } });
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

/**
 * /api/book/:slug: a salon's online booking page. Free times come from the same search as the
 * dashboard's and the receptionist's, and a booking goes the same way as theirs, confirmed to
 * the client; the database's exclusion constraint decides between two visitors taking one time.
 */
export const bookingRoutes = new Hono<AppEnv>()
  .get("/:slug", async (c) => {
    const tenant = await pageTenant(c);
    const view = await withTenant(c.var.db, tenant, async (scope) => {
      const { page, offer } = await pageWithOffer(scope);
      return pageView(page, offer, bookingWindow(page, new Date()));
    });
    return c.json<BookingPageView>(view);
  })
  .get("/:slug/times", query(bookingTimesQuery), async (c) => {
    const asked = c.req.valid("query");
    const tenant = await pageTenant(c);
    const times = await withTenant(c.var.db, tenant, async (scope) => {
      const { page, offer } = await pageWithOffer(scope);
      assertOpen(c, page);
      const services = chosenServices(c, offer.services, asked.services);
      const stylist = chosenStylist(c, offer.stylists, asked.stylist);
      return freeTimes(scope, page, bookingWindow(page, new Date()), { services, stylist, from: asked.from, days: asked.days });
    });
    return c.json<BookingTimes>(times);
  })
  .post("/:slug/bookings", jsonBody(bookingRequestSchema), async (c) => {
    const request = c.req.valid("json");
    const tenant = await pageTenant(c, limits.bookPerClient(clientAddress(c)));
    refuseScripts(c, request);
    const page = await withTenant(c.var.db, tenant, bookingPage);
    assertOpen(c, page);
    const phone = visitorPhone(c, page, request.phone);

    const start = new Date(request.start_datetime);
    const counted = [limits.bookPerPhone(tenant.salonId, phone), limits.bookPerSalon(tenant.salonId)];
    const { confirmation, queued } = await spending(c, counted, () => withTenant(c.var.db, tenant, async (scope) => {
      const [pending, { offer }] = await Promise.all([pendingOnlineBookings(scope, phone), pageWithOffer(scope)]);
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
    }));
    sendInBackground(c.env, c.executionCtx, tenant, queued);
    return c.json<BookingConfirmation>(confirmation, 201);
  })
  .post("/:slug/waitlist", jsonBody(bookingWaitlistSchema), async (c) => {
    const request = c.req.valid("json");
    const tenant = await pageTenant(c, limits.waitPerClient(clientAddress(c)));
    refuseScripts(c, request);
    const page = await withTenant(c.var.db, tenant, bookingPage);
    assertOpen(c, page);
    assertWaitlistOpen(c, page);
    const phone = visitorPhone(c, page, request.phone);

    const counted = [limits.waitPerPhone(tenant.salonId, phone), limits.waitPerSalon(tenant.salonId)];
    const joined = await spending(c, counted, () => withTenant(c.var.db, tenant, (scope) => joinWaitlist(c, scope, page, request, phone)));
    return c.json<BookingWaitlistConfirmation>(joined, 201);
  });
