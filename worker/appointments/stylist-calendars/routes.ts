import { Hono, type Context } from "hono";
import { UUID } from "../../../contract/ids.ts";
import { stylistCalendarSchema } from "../../../contract/stylist-calendars.ts";
import { notFound } from "../../data/errors.ts";
import { getCalendar, listCalendars, removeCalendar, saveCalendar } from "../../data/stylist-calendars.ts";
import { requireOutboundAddress } from "../../platform/http/outbound-address.ts";
import { enforce } from "../../platform/http/rate-limit.ts";
import { allow, inSalon, tenantOf, type SalonEnv } from "../../platform/http/tenant.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import { syncCalendar } from "./sync.ts";

/** Reads a salon asks for now, beside the cron's: each makes a request to another site. */
const READS_PER_HOUR = 30;

/** Why an address is refused, for the owner: it carries its calendar's secret, and only a public host is read. */
const REFUSED_ADDRESS = { invalid: "validation.calendar.url", insecure: "validation.calendar.https", private: "validation.calendar.private" } as const;

function stylistOf(c: Context<SalonEnv>): string {
  const id = c.req.param("stylistId");
  if (!id || !UUID.test(id)) throw notFound();
  return id;
}

/** Reads the calendar now, counted, and answers how it went. */
async function syncNow(c: Context<SalonEnv>, stylistId: string) {
  const tenant = tenantOf(c);
  await enforce(c, { bucket: `calendar-read:salon:${tenant.salonId}`, max: READS_PER_HOUR, windowSeconds: 3600 });
  await syncCalendar(c.env, c.var.db, tenant, stylistId);
  return inSalon(c, (scope) => getCalendar(scope, stylistId));
}

/**
 * /api/dashboard/stylist-calendars: each stylist's outside calendar by its secret iCal
 * address. Linking one reads it at once, so the owner sees whether it works; the cron reads
 * it again every half hour.
 */
export const stylistCalendarRoutes = new Hono<SalonEnv>()
  .use(allow("settings"))
  .get("/", async (c) => c.json(await inSalon(c, listCalendars)))
  .put("/:stylistId", jsonBody(stylistCalendarSchema), async (c) => {
    const stylistId = stylistOf(c);
    const { url } = c.req.valid("json");
    requireOutboundAddress(c, url, c.env.CALENDAR_HTTP_HOSTS, REFUSED_ADDRESS);
    await inSalon(c, (scope) => saveCalendar(scope, stylistId, url));
    return c.json(await syncNow(c, stylistId));
  })
  .post("/:stylistId/sync", async (c) => {
    const stylistId = stylistOf(c);
    await inSalon(c, (scope) => getCalendar(scope, stylistId));
    return c.json(await syncNow(c, stylistId));
  })
  .delete("/:stylistId", async (c) => {
    const stylistId = stylistOf(c);
    await inSalon(c, (scope) => removeCalendar(scope, stylistId));
    return c.body(null, 204);
  });
