import { Hono } from "hono";
import { salonSchema, type Salon } from "../../contract/salon.ts";
import { inSalon, type OwnerEnv } from "../dashboard/tenancy.ts";
import { jsonBody } from "../http/validate.ts";

const COLUMNS = `name, email, phone, website, address, city, state, postal_code, country, description,
  transfer_phone_number, business_hours, special_dates, time_zone`;

export const salonRoutes = new Hono<OwnerEnv>()
  .get("/", async (c) => {
    const [salon] = await inSalon(c, (tx) => tx<Salon[]>`select ${tx.unsafe(COLUMNS)} from salons where id = ${c.var.salon.id}`);
    return c.json(salon!);
  })
  .put("/", jsonBody(salonSchema), async (c) => {
    const body = c.req.valid("json");
    const [salon] = await inSalon(
      c,
      (tx) => tx<Salon[]>`
        update salons set
          name = ${body.name}, email = ${body.email}, phone = ${body.phone}, website = ${body.website},
          address = ${body.address}, city = ${body.city}, state = ${body.state}, postal_code = ${body.postal_code},
          country = ${body.country}, description = ${body.description}, transfer_phone_number = ${body.transfer_phone_number},
          business_hours = ${JSON.stringify(body.business_hours)}::text::jsonb, special_dates = ${JSON.stringify(body.special_dates)}::text::jsonb,
          time_zone = ${body.time_zone}, updated_at = now()
        where id = ${c.var.salon.id}
        returning ${tx.unsafe(COLUMNS)}`,
    );
    return c.json(salon!);
  });
