import { Hono } from "hono";
import { phoneNumberSchema, type PhoneNumberBody } from "../../contract/phone-numbers.ts";
import { createPhoneNumber, deletePhoneNumber, listPhoneNumbers, updatePhoneNumber, type PhoneNumberValues } from "../data/phone-numbers.ts";
import { salonProfile } from "../data/salons.ts";
import type { TenantScope } from "../data/tenant.ts";
import { inSalon, rowId, type SalonEnv } from "../http/tenant.ts";
import { jsonBody } from "../http/validate.ts";
import { salonNumberE164 } from "./e164.ts";

/** The row to store: the number in E.164, read in the salon's country when written without one. */
async function values(scope: TenantScope, body: PhoneNumberBody): Promise<PhoneNumberValues> {
  const salon = body.phone_number.startsWith("+") ? undefined : await salonProfile(scope);
  return { ...body, phone_number: salonNumberE164(body.phone_number, salon) };
}

/** /api/dashboard/phone-numbers: the salon's numbers and the assistant each one rings. */
export const phoneNumberRoutes = new Hono<SalonEnv>()
  .get("/", async (c) => c.json(await inSalon(c, listPhoneNumbers)))
  .post("/", jsonBody(phoneNumberSchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, async (scope) => createPhoneNumber(scope, await values(scope, body))), 201);
  })
  .put("/:id", jsonBody(phoneNumberSchema), async (c) => {
    const id = rowId(c);
    const body = c.req.valid("json");
    return c.json(await inSalon(c, async (scope) => updatePhoneNumber(scope, id, await values(scope, body))));
  })
  .delete("/:id", async (c) => {
    const id = rowId(c);
    await inSalon(c, (scope) => deletePhoneNumber(scope, id));
    return c.body(null, 204);
  });
