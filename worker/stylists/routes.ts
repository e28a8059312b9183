import { Hono } from "hono";
import { stylistSchema, type Stylist, type StylistBody } from "../../contract/salon.ts";
import { inSalon, notFound, rowId, type OwnerEnv } from "../dashboard/tenancy.ts";
import { ApiError } from "../http/errors.ts";
import { jsonBody } from "../http/validate.ts";

const COLUMNS = "id, first_name, last_name, email, phone, working_hours, time_off, is_active, color";

// Hours and time off go in as JSON text cast to jsonb by the query: a parameter the server
// sees as jsonb would be encoded a second time.
const values = (body: StylistBody) => ({
  ...body,
  working_hours: JSON.stringify(body.working_hours),
  time_off: JSON.stringify(body.time_off),
});

export const stylistRoutes = new Hono<OwnerEnv>()
  .get("/", async (c) =>
    c.json(
      await inSalon(c, (tx) => tx<Stylist[]>`
        select ${tx.unsafe(COLUMNS)} from stylists where salon_id = ${c.var.salon.id} order by first_name, last_name, created_at`),
    ),
  )
  .post("/", jsonBody(stylistSchema), async (c) => {
    const row = values(c.req.valid("json"));
    const [stylist] = await inSalon(c, (tx) => tx<Stylist[]>`
      insert into stylists (salon_id, first_name, last_name, email, phone, working_hours, time_off, is_active, color)
      values (${c.var.salon.id}, ${row.first_name}, ${row.last_name}, ${row.email}, ${row.phone},
              ${row.working_hours}::text::jsonb, ${row.time_off}::text::jsonb, ${row.is_active}, ${row.color})
      returning ${tx.unsafe(COLUMNS)}`);
    return c.json(stylist!, 201);
  })
  .put("/:id", jsonBody(stylistSchema), async (c) => {
    const id = rowId(c);
    const row = values(c.req.valid("json"));
    const [stylist] = await inSalon(c, (tx) => tx<Stylist[]>`
      update stylists set first_name = ${row.first_name}, last_name = ${row.last_name}, email = ${row.email},
        phone = ${row.phone}, working_hours = ${row.working_hours}::text::jsonb, time_off = ${row.time_off}::text::jsonb,
        is_active = ${row.is_active}, color = ${row.color}, updated_at = now()
      where id = ${id} and salon_id = ${c.var.salon.id}
      returning ${tx.unsafe(COLUMNS)}`);
    if (!stylist) throw notFound(c);
    return c.json(stylist);
  })
  .delete("/:id", async (c) => {
    const id = rowId(c);
    await inSalon(c, async (tx) => {
      // The row lock waits for bookings in flight (they hold a key-share lock on it) and
      // keeps new ones out until this transaction ends, so the count below is final.
      const [stylist] = await tx`select id from stylists where id = ${id} and salon_id = ${c.var.salon.id} for update`;
      if (!stylist) throw notFound(c);
      const [{ upcoming }] = (await tx`
        select count(*)::int as upcoming from appointments
        where stylist_id = ${id} and status = 'booked' and end_at > now()`) as [{ upcoming: number }];
      if (upcoming > 0) {
        throw new ApiError(409, { detail: c.var.t("stylists.error.upcomingAppointments", { count: upcoming }), code: "has_appointments" });
      }
      // Past appointments keep their stylist's name; their link becomes empty.
      await tx`delete from stylists where id = ${id}`;
    });
    return c.body(null, 204);
  });
