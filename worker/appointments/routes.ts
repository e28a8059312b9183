import { Hono, type Context } from "hono";
import { appointmentMoveSchema, appointmentRangeQuery, appointmentSchema, noShowSchema } from "../../contract/appointments.ts";
import { cancelAndConfirm, moveAndConfirm, saveAndConfirm } from "./changes.ts";
import { clientMessaging } from "../clients/messaging/compose.ts";
import { sendInBackground } from "../clients/messaging/deliver.ts";
import { getAppointment, listAppointments, markNoShow } from "../data/appointments.ts";
import type { KeyEnv } from "../salon/api-keys/access.ts";
import { allow, inSalon, rowId, tenantOf } from "../platform/http/tenant.ts";
import { jsonBody, query } from "../platform/http/validate.ts";

/** Sends the client's confirmation of a change once it is committed. */
const sendQueued = (c: Context<KeyEnv>, ids: string[]) =>
  sendInBackground(c.env, c.executionCtx, tenantOf(c), ids);

/** Where a change comes from: a person in the dashboard, or an integrator's program with a key. */
const via = (c: Context<KeyEnv>) => (c.var.apiKey ? "api" : "dashboard");

/**
 * A stylist or service of another salon is a 422; a write that would double-book a 409 naming
 * the appointment in the way. A booking, a move and a cancellation are confirmed to the client.
 */
export const appointmentRoutes = new Hono<KeyEnv>()
  .use(allow("calendar"))
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
    const { appointment, queued } = await inSalon(c, (scope) => saveAndConfirm(scope, clientMessaging(c.env), body, { via: via(c) }));
    sendQueued(c, queued);
    return c.json(appointment, 201);
  })
  .put("/:id", jsonBody(appointmentSchema), async (c) => {
    const id = rowId(c);
    const body = c.req.valid("json");
    const { appointment, queued } = await inSalon(c, (scope) => saveAndConfirm(scope, clientMessaging(c.env), body, { id, via: via(c) }));
    sendQueued(c, queued);
    return c.json(appointment);
  })
  // A move, made on the version it was read at: a change someone made since answers 409 with
  // the appointment as it is now.
  .patch("/:id", jsonBody(appointmentMoveSchema), async (c) => {
    const id = rowId(c);
    const move = c.req.valid("json");
    const { appointment, queued } = await inSalon(c, (scope) => moveAndConfirm(scope, clientMessaging(c.env), id, move, { via: via(c) }));
    sendQueued(c, queued);
    return c.json(appointment);
  })
  // A client who did not come: the appointment keeps its slot and stays booked.
  .put("/:id/no-show", jsonBody(noShowSchema), async (c) => {
    const id = rowId(c);
    const { no_show } = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => markNoShow(scope, id, no_show, via(c))));
  })
  // Cancelled, not erased: the record stays and the time is free again.
  .delete("/:id", async (c) => {
    const id = rowId(c);
    const { queued } = await inSalon(c, (scope) => cancelAndConfirm(scope, clientMessaging(c.env), id, via(c)));
    sendQueued(c, queued);
    return c.body(null, 204);
  });
