import { Hono } from "hono";
import { availableNumbersQuery, phoneNumberSchema, purchaseSchema, verificationCodeSchema, type PhoneNumberBody } from "../../../contract/phone-numbers.ts";
import {
  createPhoneNumber,
  deletePhoneNumber,
  listPhoneNumbers,
  numberToDelete,
  updatePhoneNumber,
  type PhoneNumberValues,
} from "../../data/phone-numbers.ts";
import { salonProfile } from "../../data/salons.ts";
import type { TenantScope } from "../../data/tenant.ts";
import { allow, inSalon, rowId, type SalonEnv } from "../../platform/http/tenant.ts";
import { jsonBody, query } from "../../platform/http/validate.ts";
import { releaseNumber } from "../telephony/twilio-numbers.ts";
import { salonNumberE164 } from "./e164.ts";
import { availableNumbers, purchaseNumber } from "./purchase.ts";
import { requireTwilio, twilioUnavailable } from "./twilio-account.ts";
import { callWithCode, confirmCode } from "./verification.ts";

/** The row to store: the number in E.164, read in the salon's country when written without one. */
async function values(scope: TenantScope, body: PhoneNumberBody): Promise<PhoneNumberValues> {
  const salon = body.phone_number.startsWith("+") ? undefined : await salonProfile(scope);
  return { ...body, phone_number: salonNumberE164(body.phone_number, salon) };
}

/**
 * /api/dashboard/phone-numbers: the salon's numbers and the assistant each one rings. A
 * number typed in takes calls only once a call to it has proven the salon controls it
 * (`/:id/verification`); one bought here (`/available`, `/purchase`) takes them at once.
 */
export const phoneNumberRoutes = new Hono<SalonEnv>()
  .use(allow("numbers"))
  .get("/", async (c) => c.json(await inSalon(c, listPhoneNumbers)))
  .post("/", jsonBody(phoneNumberSchema), async (c) => {
    const body = c.req.valid("json");
    return c.json(await inSalon(c, async (scope) => createPhoneNumber(scope, await values(scope, body))), 201);
  })
  .get("/available", query(availableNumbersQuery), async (c) => c.json({ numbers: await availableNumbers(c, c.req.valid("query")) }))
  .post("/purchase", jsonBody(purchaseSchema), async (c) => c.json(await purchaseNumber(c, c.req.valid("json")), 201))
  .post("/:id/verification", async (c) => c.json(await callWithCode(c, rowId(c)), 202))
  .post("/:id/verification/code", jsonBody(verificationCodeSchema), async (c) => c.json(await confirmCode(c, rowId(c), c.req.valid("json").code)))
  .put("/:id", jsonBody(phoneNumberSchema), async (c) => {
    const id = rowId(c);
    const body = c.req.valid("json");
    return c.json(await inSalon(c, async (scope) => updatePhoneNumber(scope, id, await values(scope, body))));
  })
  // A number bought here goes back to Twilio first; while Twilio cannot be reached it stays, row and all.
  .delete("/:id", async (c) => {
    const id = rowId(c);
    const { twilio_sid: sid } = await inSalon(c, (scope) => numberToDelete(scope, id));
    if (sid) {
      const rest = requireTwilio(c);
      try {
        await releaseNumber(rest, sid);
      } catch (error) {
        console.warn(`number ${sid} could not be released`, error);
        throw twilioUnavailable(c);
      }
    }
    await inSalon(c, (scope) => deletePhoneNumber(scope, id));
    return c.body(null, 204);
  });
