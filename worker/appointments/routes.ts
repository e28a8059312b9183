import { Hono } from "hono";
import { appointmentRangeQuery, appointmentSchema, noShowSchema } from "../../contract/appointments.ts";
import { cancelAppointment, getAppointment, listAppointments, markNoShow, saveAppointment } from "../data/appointments.ts";
import { inSalon, rowId, type SalonEnv } from "../http/tenant.ts";
import { jsonBody, query } from "../http/validate.ts";

/** A stylist or service of another salon is a 422; a write that would double-book a 409 naming the appointment in the way. */
export const appointmentRoutes = new Hono<SalonEnv>()
  .get("/", query(appointmentRangeQuery), async (c) => {
    const { start_date, end_date } = c.req.valid("query");
    return c.json(await inSalon(c, (scope) => listAppointments(scope, { from: new Date(start_date), to: new Date(end_date) })));
  })
  .get("/:id", async (c) => {
    const id = rowId(c);
    return c.json(await inSalon(c, (scope) => getAppointment(scope, id)));
  })
  .post("/", jsonBody(appointmentSchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => saveAppointment(scope, body)), 201);
  })
  .put("/:id", jsonBody(appointmentSchema), async (c) => {
    const id = rowId(c);
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => saveAppointment(scope, body, { id })));
  })
  // A client who did not come: the appointment keeps its slot and stays booked.
  .put("/:id/no-show", jsonBody(noShowSchema), async (c) => {
    const id = rowId(c);
    const { no_show } = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => markNoShow(scope, id, no_show)));
  })
  // Cancelled, not erased: the record stays and the time is free again.
  .delete("/:id", async (c) => {
    const id = rowId(c);
    await inSalon(c, (scope) => cancelAppointment(scope, id));
    return c.body(null, 204);
  });
