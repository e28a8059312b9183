import { Hono, type Context } from "hono";
import { FILL_GAPS_LIMITS, fillGapsSchema, outreachSettingsSchema } from "../../../contract/outreach.ts";
import { addDays, dayOf } from "../../../contract/time-zone.ts";
import { clientMessaging } from "../messaging/compose.ts";
import { sendInBackground } from "../messaging/deliver.ts";
import { DataError } from "../../data/errors.ts";
import { outreachSettings, saveOutreachSettings } from "../../data/outreach-settings.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { enforce } from "../../platform/http/rate-limit.ts";
import { allow, inSalon, tenantOf, type SalonEnv } from "../../platform/http/tenant.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import { fillGaps } from "./engine.ts";

/** Refuses, at the field, a day before the salon's today or further ahead than Fill gaps looks. */
function assertFillableDay(c: Context<SalonEnv>, date: string): void {
  const today = dayOf(new Date(), c.var.salon.timeZone);
  if (date >= today && date <= addDays(today, FILL_GAPS_LIMITS.days)) return;
  const detail = c.var.t("outreach.error.dateRange", { days: FILL_GAPS_LIMITS.days });
  throw new ApiError(422, { detail, code: "validation_error", fields: { date: detail } });
}

/** /api/dashboard/outreach: how the salon offers freed time to its clients, and the owner's Fill gaps. */
export const outreachSettingsRoutes = new Hono<SalonEnv>()
  .get("/settings", async (c) => c.json(await inSalon(c, outreachSettings)))
  .put("/settings", allow("settings"), jsonBody(outreachSettingsSchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => saveOutreachSettings(scope, body)));
  })
  // Offers the day's free stretches now; the texts go out once the offers are committed.
  .post("/fill-gaps", allow("waitlist"), jsonBody(fillGapsSchema), async (c) => {
    const { date } = c.req.valid("json");
    assertFillableDay(c, date);
    const tenant = tenantOf(c);
    await enforce(c, { bucket: `fill-gaps:salon:${tenant.salonId}`, max: FILL_GAPS_LIMITS.perHour, windowSeconds: 3600 });
    const { result, queued } = await inSalon(c, async (scope) => {
      if (!(await outreachSettings(scope)).enabled) throw new DataError("conflict", "outreach.error.off", { code: "outreach_off" });
      return fillGaps(scope, clientMessaging(c.env), date);
    });
    sendInBackground(c.env, c.executionCtx, tenant, queued);
    return c.json(result);
  });
