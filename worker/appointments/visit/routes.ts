import { Hono } from "hono";
import { rescheduleSchema, VISIT_CODES, visitSlotsQuery, type VisitSlots, type VisitView } from "../../../contract/visit.ts";
import { findFreeSlots, findSlotAt } from "../availability/find.ts";
import type { Unbookable } from "../availability/unbookable.ts";
import { cancelAndConfirm, moveAndConfirm } from "../changes.ts";
import { clientMessaging } from "../../clients/messaging/compose.ts";
import { sendInBackground } from "../../clients/messaging/deliver.ts";
import { appointmentTenant } from "../../data/client-messages.ts";
import { DataError } from "../../data/errors.ts";
import { beforeTenant, withTenant, type Tenant } from "../../data/tenant.ts";
import { visitOf, type Visit } from "../../data/visits.ts";
import type { AppEnv, RequestContext } from "../../env.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { clientAddress, enforce, type Limit } from "../../platform/http/rate-limit.ts";
import { jsonBody, query } from "../../platform/http/validate.ts";
import { invalidLink, linkedId } from "./link.ts";
import { assertChangeable, earliestNewStart, searchDay, visitView } from "./rules.ts";

// A client looks at their visit and a few days' free times, and changes it once or twice.
const limits = {
  readPerClient: (ip: string): Limit => ({ bucket: `visit:ip:${ip}`, max: 120, windowSeconds: 600 }),
  changePerClient: (ip: string): Limit => ({ bucket: `visit-change:ip:${ip}`, max: 10, windowSeconds: 3600 }),
};

/** The appointment the link names and whose it is; the link is checked first, then the request counted. */
async function linkedVisit(c: RequestContext, ...extra: Limit[]): Promise<{ id: string; tenant: Tenant }> {
  const id = await linkedId(c, "visit");
  await enforce(c, limits.readPerClient(clientAddress(c)), ...extra);
  const tenant = await beforeTenant(c.var.db, (scope) => appointmentTenant(scope, id));
  if (!tenant) throw invalidLink(c);
  return { id, tenant };
}

const minutesOf = (visit: Visit) => Math.round((visit.end_at.getTime() - visit.start_at.getTime()) / 60_000);

/** Why the chosen time cannot be the visit's new one. */
function unbookable(c: RequestContext, why: Unbookable, visit: Visit): ApiError {
  switch (why.kind) {
    case "past":
      return new ApiError(422, { detail: c.var.t("visit.error.tooSoon", { hours: visit.cancellation_notice_hours }), code: VISIT_CODES.tooSoon });
    case "taken":
      return new ApiError(409, { detail: c.var.t("visit.error.taken"), code: VISIT_CODES.taken });
    default:
      return new ApiError(422, { detail: c.var.t("visit.error.unbookable"), code: VISIT_CODES.unbookable });
  }
}

/**
 * /api/visit/:token: a client's appointment, reached by the signed link in their messages. A
 * move or a cancellation made here is confirmed to the client like one the salon makes.
 */
export const visitRoutes = new Hono<AppEnv>()
  .get("/:token", async (c) => {
    const { id, tenant } = await linkedVisit(c);
    const visit = await withTenant(c.var.db, tenant, (scope) => visitOf(scope, id));
    return c.json<VisitView>(visitView(visit, new Date()));
  })
  .get("/:token/slots", query(visitSlotsQuery), async (c) => {
    const { date } = c.req.valid("query");
    const { id, tenant } = await linkedVisit(c);
    const now = new Date();
    const slots = await withTenant(c.var.db, tenant, async (scope) => {
      const visit = await visitOf(scope, id);
      assertChangeable(c, visit, now);
      const { from, to } = searchDay(c, date, visit.salon.time_zone, now);
      // A stylist who left takes no new times; no other stylist is offered in their place.
      if (!visit.stylist_id) return [];
      return findFreeSlots(scope, {
        from,
        to,
        duration: minutesOf(visit),
        stylistId: visit.stylist_id,
        notBefore: earliestNewStart(visit, now),
        ignoreAppointmentId: id,
      });
    });
    return c.json<VisitSlots>({ date, slots: slots.map((slot) => new Date(slot.start).toISOString()) });
  })
  .post("/:token/reschedule", jsonBody(rescheduleSchema), async (c) => {
    const start = new Date(c.req.valid("json").start_datetime);
    const { id, tenant } = await linkedVisit(c, limits.changePerClient(clientAddress(c)));
    const now = new Date();
    const { view, queued } = await withTenant(c.var.db, tenant, async (scope) => {
      const visit = await visitOf(scope, id, { lock: true });
      assertChangeable(c, visit, now);
      const duration = minutesOf(visit);
      const stylist = visit.stylist_id;
      if (!stylist) throw unbookable(c, { kind: "nobodyWorking" }, visit);
      const found = await findSlotAt(scope, { duration, stylistId: stylist, notBefore: earliestNewStart(visit, now), ignoreAppointmentId: id }, start);
      if ("why" in found) throw unbookable(c, found.why, visit);
      // A move of the appointment as it was read under the lock: its services, prices and notes stay.
      const move = { stylist, start_datetime: new Date(found.slot.start).toISOString(), end_datetime: new Date(found.slot.end).toISOString(), version: visit.version };
      try {
        const { queued } = await moveAndConfirm(scope, clientMessaging(c.env), id, move, { via: "client", clientLanguage: c.var.language });
        return { view: visitView(await visitOf(scope, id), now), queued };
      } catch (error) {
        // Booked by someone else since the search: the exclusion constraint has the last word.
        if (error instanceof DataError && error.options.code === "overlap") throw unbookable(c, { kind: "taken" }, visit);
        throw error;
      }
    });
    sendInBackground(c.env, c.executionCtx, tenant, queued);
    return c.json<VisitView>(view);
  })
  .post("/:token/cancel", async (c) => {
    const { id, tenant } = await linkedVisit(c, limits.changePerClient(clientAddress(c)));
    const now = new Date();
    const { view, queued } = await withTenant(c.var.db, tenant, async (scope) => {
      assertChangeable(c, await visitOf(scope, id, { lock: true }), now);
      const { queued } = await cancelAndConfirm(scope, clientMessaging(c.env), id, "client");
      return { view: visitView(await visitOf(scope, id), now), queued };
    });
    sendInBackground(c.env, c.executionCtx, tenant, queued);
    return c.json<VisitView>(view);
  });
