import { Hono } from "hono";
import { appointmentRangeQuery, appointmentSchema, type Appointment } from "../../contract/appointments.ts";
import { inSalon, notFound, rowId, type OwnerEnv } from "../dashboard/tenancy.ts";
import { jsonBody, query } from "../http/validate.ts";
import { guardOverlap, listAppointments, writeAppointment } from "./store.ts";

export const appointmentRoutes = new Hono<OwnerEnv>()
  .get("/", query(appointmentRangeQuery), async (c) => {
    const { start_date, end_date } = c.req.valid("query");
    const range = { from: new Date(start_date), to: new Date(end_date) };
    return c.json<Appointment[]>(await inSalon(c, (tx) => listAppointments(tx, c.var.salon.id, range)));
  })
  .get("/:id", async (c) => {
    const id = rowId(c);
    const [appointment] = await inSalon(c, (tx) => listAppointments(tx, c.var.salon.id, { id }));
    if (!appointment) throw notFound(c);
    return c.json(appointment);
  })
  .post("/", jsonBody(appointmentSchema), async (c) => {
    const body = c.req.valid("json");
    const appointment = await guardOverlap(c, body, () =>
      inSalon(c, async (tx) => {
        const id = await writeAppointment(tx, c.var.salon.id, body);
        return (await listAppointments(tx, c.var.salon.id, { id: id! }))[0]!;
      }),
    );
    return c.json(appointment, 201);
  })
  .put("/:id", jsonBody(appointmentSchema), async (c) => {
    const id = rowId(c);
    const body = c.req.valid("json");
    const appointment = await guardOverlap(
      c,
      body,
      () =>
        inSalon(c, async (tx) => {
          if (!(await writeAppointment(tx, c.var.salon.id, body, { id }))) throw notFound(c);
          return (await listAppointments(tx, c.var.salon.id, { id }))[0]!;
        }),
      id,
    );
    return c.json(appointment);
  })
  .delete("/:id", async (c) => {
    const id = rowId(c);
    // Cancelled, not erased: the record stays and the time is free again.
    const cancelled = await inSalon(c, (tx) => tx`
      update appointments set status = 'cancelled', cancelled_at = now(), updated_at = now()
      where id = ${id} and salon_id = ${c.var.salon.id} and status = 'booked' returning id`);
    if (cancelled.length === 0) throw notFound(c);
    return c.body(null, 204);
  });
