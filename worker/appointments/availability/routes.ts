import { Hono } from "hono";
import { availabilityQuery, type FreeSlot } from "../../../contract/appointments.ts";
import { DAY_MS } from "../../../contract/time-zone.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { allow, inSalon, type SalonEnv } from "../../platform/http/tenant.ts";
import { query } from "../../platform/http/validate.ts";
import { findFreeSlots } from "./find.ts";

const MAX_RANGE_DAYS = 31;
const MAX_SLOTS = 500;

export const availabilityRoutes = new Hono<SalonEnv>()
  .use(allow("calendar"))
  .get("/", query(availabilityQuery), async (c) => {
  const { start_date, end_date, duration, stylist } = c.req.valid("query");
  const from = new Date(start_date);
  const to = new Date(end_date);
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw new ApiError(422, { detail: c.var.t("appointments.error.rangeTooLong", { days: MAX_RANGE_DAYS }), code: "validation_error" });
  }
  const slots = await inSalon(c, (scope) => findFreeSlots(scope, { from, to, duration, stylistId: stylist, notBefore: new Date() }));
  return c.json<FreeSlot[]>(
    slots.slice(0, MAX_SLOTS).map((slot) => ({
      stylist: slot.stylistId,
      start_datetime: new Date(slot.start).toISOString(),
      end_datetime: new Date(slot.end).toISOString(),
    })),
  );
});
