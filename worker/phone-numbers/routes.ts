import { Hono, type Context } from "hono";
import { getCountries, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import type { TransactionSql } from "postgres";
import { phoneNumberSchema, type PhoneNumber, type PhoneNumberBody } from "../../contract/phone-numbers.ts";
import { inSalon, notFound, rowId, type OwnerEnv } from "../dashboard/tenancy.ts";
import { ApiError } from "../http/errors.ts";
import { jsonBody } from "../http/validate.ts";

const COLUMNS = "id, phone_number, phone_name, assistant_config_id";

const fieldError = (c: Context<OwnerEnv>, status: 409 | 422, field: keyof PhoneNumberBody, id: string, code = "validation_error") => {
  const detail = c.var.t(id);
  return new ApiError(status, { detail, code, fields: { [field]: detail } });
};

// Country names as owners write them in the salon's Country field (English, German, Czech),
// folded like the input, to their ISO codes. Built on first need, once per isolate.
let countryCodes: Map<string, CountryCode> | undefined;
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();

function countryCode(name: string | null): CountryCode | undefined {
  if (!name) return undefined;
  if (!countryCodes) {
    countryCodes = new Map();
    for (const language of ["en", "de", "cs"]) {
      const names = new Intl.DisplayNames([language], { type: "region" });
      for (const code of getCountries()) {
        countryCodes.set(fold(code), code);
        const display = names.of(code);
        if (display) countryCodes.set(fold(display), code);
      }
    }
  }
  return countryCodes.get(fold(name));
}

/**
 * The number in E.164, checked against the real numbering plans. A number written without
 * its country code is read in the salon's country (its Country field, else the country of
 * its own phone number); when that is unknown the owner is asked for the international form.
 */
async function toE164(c: Context<OwnerEnv>, tx: TransactionSql, value: string): Promise<string> {
  let country: CountryCode | undefined;
  if (!value.startsWith("+")) {
    const [salon] = await tx<{ country: string | null; phone: string | null }[]>`
      select country, phone from salons where id = ${c.var.salon.id}`;
    country = countryCode(salon?.country ?? null) ?? (salon?.phone ? parsePhoneNumberFromString(salon.phone)?.country : undefined);
    if (!country) throw fieldError(c, 422, "phone_number", "phoneNumber.error.international");
  }
  const parsed = parsePhoneNumberFromString(value, country);
  // An extension cannot be dialled into: the line must be the number itself.
  if (!parsed || !parsed.isValid() || parsed.ext) throw fieldError(c, 422, "phone_number", "phoneNumber.error.invalid");
  return parsed.number;
}

/** A PostgreSQL error (postgres.js names its fields after the protocol's) of `code` on `constraint`. */
const isViolation = (error: unknown, code: string, constraint: string) =>
  typeof error === "object" && error !== null && "code" in error && error.code === code && "constraint_name" in error && error.constraint_name === constraint;

/**
 * Runs an insert or update and turns the table's two rules into answers for people: a number
 * registered anywhere already (unique, 23505) and an assistant of another salon or none at all
 * (the same-salon foreign key, 23503).
 */
async function saving(c: Context<OwnerEnv>, body: PhoneNumberBody, write: (tx: TransactionSql, number: string) => Promise<PhoneNumber[]>) {
  try {
    return await inSalon(c, async (tx) => write(tx, await toE164(c, tx, body.phone_number)));
  } catch (error) {
    if (isViolation(error, "23505", "phone_numbers_number_key")) throw fieldError(c, 409, "phone_number", "phoneNumber.error.taken", "phone_number_taken");
    if (isViolation(error, "23503", "phone_numbers_assistant_fkey")) throw fieldError(c, 422, "assistant_config_id", "validation.phoneNumber.assistant");
    throw error;
  }
}

/** /api/dashboard/phone-numbers: the salon's numbers and the assistant each one rings. */
export const phoneNumberRoutes = new Hono<OwnerEnv>()
  .get("/", async (c) =>
    c.json(
      await inSalon(c, (tx) => tx<PhoneNumber[]>`
        select ${tx.unsafe(COLUMNS)} from phone_numbers where salon_id = ${c.var.salon.id} order by created_at, id`),
    ),
  )
  .post("/", jsonBody(phoneNumberSchema), async (c) => {
    const body = c.req.valid("json");
    const [created] = await saving(c, body, (tx, number) => tx<PhoneNumber[]>`
      insert into phone_numbers (salon_id, phone_number, phone_name, assistant_config_id)
      values (${c.var.salon.id}, ${number}, ${body.phone_name}, ${body.assistant_config_id})
      returning ${tx.unsafe(COLUMNS)}`);
    return c.json(created!, 201);
  })
  .put("/:id", jsonBody(phoneNumberSchema), async (c) => {
    const id = rowId(c);
    const body = c.req.valid("json");
    const [updated] = await saving(c, body, (tx, number) => tx<PhoneNumber[]>`
      update phone_numbers set phone_number = ${number}, phone_name = ${body.phone_name},
        assistant_config_id = ${body.assistant_config_id}, updated_at = now()
      where id = ${id} and salon_id = ${c.var.salon.id}
      returning ${tx.unsafe(COLUMNS)}`);
    if (!updated) throw notFound(c);
    return c.json(updated);
  })
  .delete("/:id", async (c) => {
    const id = rowId(c);
    const deleted = await inSalon(c, (tx) => tx`delete from phone_numbers where id = ${id} and salon_id = ${c.var.salon.id} returning id`);
    if (deleted.length === 0) throw notFound(c);
    return c.body(null, 204);
  });
