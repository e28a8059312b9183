import { Hono } from "hono";
import { serviceSchema, type Service, type ServiceBody } from "../../contract/salon.ts";
import { inSalon, notFound, rowId, type OwnerEnv } from "../dashboard/tenancy.ts";
import { jsonBody } from "../http/validate.ts";

// Prices are numeric(10,2) in the table and numbers in the API.
const COLUMNS = `id, name, description, duration, price::float8 as price, min_price::float8 as min_price,
  max_price::float8 as max_price, color`;

const values = (body: ServiceBody) => ({
  name: body.name,
  description: body.description,
  duration: body.duration,
  price: body.price,
  min_price: body.min_price,
  max_price: body.max_price,
  color: body.color,
});

export const serviceRoutes = new Hono<OwnerEnv>()
  .get("/", async (c) =>
    c.json(
      await inSalon(c, (tx) => tx<Service[]>`
        select ${tx.unsafe(COLUMNS)} from services where salon_id = ${c.var.salon.id} order by name, created_at`),
    ),
  )
  .post("/", jsonBody(serviceSchema), async (c) => {
    const body = c.req.valid("json");
    const [service] = await inSalon(c, (tx) => tx<Service[]>`
      insert into services ${tx({ salon_id: c.var.salon.id, ...values(body) })} returning ${tx.unsafe(COLUMNS)}`);
    return c.json(service!, 201);
  })
  .put("/:id", jsonBody(serviceSchema), async (c) => {
    const id = rowId(c);
    const body = c.req.valid("json");
    const [service] = await inSalon(c, (tx) => tx<Service[]>`
      update services set ${tx({ ...values(body), updated_at: new Date() })}
      where id = ${id} and salon_id = ${c.var.salon.id}
      returning ${tx.unsafe(COLUMNS)}`);
    if (!service) throw notFound(c);
    return c.json(service);
  })
  .delete("/:id", async (c) => {
    const id = rowId(c);
    const deleted = await inSalon(c, (tx) => tx`delete from services where id = ${id} and salon_id = ${c.var.salon.id} returning id`);
    if (deleted.length === 0) throw notFound(c);
    return c.body(null, 204);
  });
