import { VERIFICATION, type NumberSource, type PhoneNumber } from "../../contract/phone-numbers.ts";
import { DataError, isViolation, notFound } from "./errors.ts";
import { enqueueMail, type Mail } from "./outbox.ts";
import type { PublicScope, TenantScope } from "./tenant.ts";

/**
 * A number as the dashboard shows it. A verification whose code has run out (its time or its
 * tries) reads as unverified again; the row keeps it until the next call replaces it.
 */
const LIVE_CODE = "p.status = 'verifying' and p.verify_expires_at > now() and p.verify_tries < " + VERIFICATION.tries;
const COLUMNS = `p.id, p.phone_number, p.phone_name, p.assistant_config_id, p.source,
  case when p.status = 'verifying' and not (${LIVE_CODE}) then 'unverified' else p.status end as status,
  case when ${LIVE_CODE} then json_build_object(
    'call_status', coalesce(p.verify_call_status, 'queued'),
    'expires_at', to_char(p.verify_expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'tries_left', ${VERIFICATION.tries} - p.verify_tries) end as verification`;

/** A number as stored: `phone_number` already in E.164. */
export interface PhoneNumberValues {
  phone_number: string;
  phone_name: string | null;
  assistant_config_id: string | null;
}

export async function listPhoneNumbers(scope: TenantScope): Promise<PhoneNumber[]> {
  return scope.sql<PhoneNumber[]>`
    select ${scope.sql.unsafe(COLUMNS)} from phone_numbers p where p.salon_id = ${scope.salonId} order by p.created_at, p.id`;
}

async function numberById(scope: TenantScope, id: string): Promise<PhoneNumber> {
  const [row] = await scope.sql<PhoneNumber[]>`
    select ${scope.sql.unsafe(COLUMNS)} from phone_numbers p where p.id = ${id} and p.salon_id = ${scope.salonId}`;
  if (!row) throw notFound();
  return row;
}

/**
 * Runs an insert or update and turns the table's rules into refusals: the number is in this
 * salon's list already (another salon's claim to it is nobody's business here), and an
 * assistant of another salon or none at all (the same-salon foreign key, 23503).
 */
async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isViolation(error, "23505", "phone_numbers_salon_number_key")) {
      throw new DataError("conflict", "phoneNumber.error.inYourList", { field: "phone_number", code: "phone_number_listed" });
    }
    if (isViolation(error, "23503", "phone_numbers_assistant_fkey")) {
      throw new DataError("invalid", "validation.phoneNumber.assistant", { field: "assistant_config_id" });
    }
    throw error;
  }
}

/** A number typed in by hand: unverified, so it takes no calls until its verification call. */
export async function createPhoneNumber(scope: TenantScope, row: PhoneNumberValues): Promise<PhoneNumber> {
  const { sql } = scope;
  const [created] = await saving(() => sql<{ id: string }[]>`
    insert into phone_numbers (salon_id, phone_number, phone_name, assistant_config_id)
    values (${scope.salonId}, ${row.phone_number}, ${row.phone_name}, ${row.assistant_config_id})
    returning id`);
  return numberById(scope, created!.id);
}

/**
 * Renames a number or links another assistant. A salon's own line may be changed to another
 * number, which then is unverified again; a number bought or assigned here stays the number it is.
 */
export async function updatePhoneNumber(scope: TenantScope, id: string, row: PhoneNumberValues): Promise<PhoneNumber> {
  const { sql } = scope;
  const [current] = await sql<{ phone_number: string; source: NumberSource }[]>`
    select phone_number, source from phone_numbers where id = ${id} and salon_id = ${scope.salonId} for update`;
  if (!current) throw notFound();
  const renumbered = current.phone_number !== row.phone_number;
  if (renumbered && current.source !== "own") {
    throw new DataError("invalid", "phoneNumber.error.fixedNumber", { field: "phone_number", code: "number_fixed" });
  }
  await saving(() => sql`
    update phone_numbers set phone_name = ${row.phone_name}, assistant_config_id = ${row.assistant_config_id}, updated_at = now()
      ${renumbered ? sql`, phone_number = ${row.phone_number}, status = 'unverified', activated_at = null, released_at = null,
        verify_code_hash = null, verify_expires_at = null, verify_tries = 0, verify_call_sid = null, verify_call_status = null` : sql``}
    where id = ${id} and salon_id = ${scope.salonId}`);
  return numberById(scope, id);
}

/** What deleting a number involves: a number bought here is released at Twilio first. */
export async function numberToDelete(scope: TenantScope, id: string): Promise<{ source: NumberSource; twilio_sid: string | null }> {
  const [row] = await scope.sql<{ source: NumberSource; twilio_sid: string | null }[]>`
    select source, twilio_sid from phone_numbers where id = ${id} and salon_id = ${scope.salonId}`;
  if (!row) throw notFound();
  return row;
}

export async function deletePhoneNumber(scope: TenantScope, id: string): Promise<void> {
  const deleted = await scope.sql`delete from phone_numbers where id = ${id} and salon_id = ${scope.salonId} returning id`;
  if (deleted.length === 0) throw notFound();
}

/** Refuses when the salon holds `max` numbers bought through the product already. */
export async function ensureRoomToBuy(scope: TenantScope, max: number): Promise<void> {
  const [row] = await scope.sql<{ count: number }[]>`
    select count(*)::int as count from phone_numbers where salon_id = ${scope.salonId} and source = 'bought'`;
  if (row!.count >= max) throw new DataError("conflict", "phoneNumber.purchase.limit", { code: "number_limit", values: { max } });
}

/** Someone whose claim to a number was dropped because another salon now holds it. */
export interface DroppedClaim {
  number: string;
  owner_email: string;
  owner_language: string;
}

/** The mail telling one dropped claim's owner, written in their language. */
export type DroppedClaimMail = (claim: DroppedClaim) => Mail;

/**
 * Makes the row active and drops every other salon's claim to its number, queuing `tell`'s
 * mail to each of their owners in the same transaction. Answers false, changing nothing,
 * when another salon holds the number active already.
 */
async function activate(scope: TenantScope, id: string, tell: DroppedClaimMail): Promise<boolean> {
  try {
    const dropped = await scope.sql.savepoint((sp) => sp<DroppedClaim[]>`select * from activate_phone_number(${id})`);
    for (const claim of dropped) await enqueueMail(scope, tell(claim));
    return true;
  } catch (error) {
    if (isViolation(error, "23505", "phone_numbers_active_number")) return false;
    throw error;
  }
}

/** A number the salon now holds for certain: bought through the product, or assigned by the operator. */
export type HeldNumber = PhoneNumberValues & ({ source: "bought"; twilio_sid: string } | { source: "assigned"; twilio_sid: null });

/**
 * Records a number the salon holds as active. A row the salon had typed in for the same
 * number becomes this one. Throws a conflict when another salon holds the number active: for
 * a number Twilio has just sold that cannot be, and the caller releases it again.
 */
export async function holdNumber(scope: TenantScope, row: HeldNumber, tell: DroppedClaimMail): Promise<PhoneNumber> {
  const { sql } = scope;
  const [saved] = await saving(() => sql<{ id: string }[]>`
    insert into phone_numbers (salon_id, phone_number, phone_name, assistant_config_id, source, twilio_sid)
    values (${scope.salonId}, ${row.phone_number}, ${row.phone_name}, ${row.assistant_config_id}, ${row.source}, ${row.twilio_sid})
    on conflict (salon_id, phone_number) do update set source = excluded.source, twilio_sid = excluded.twilio_sid,
      phone_name = coalesce(excluded.phone_name, phone_numbers.phone_name),
      assistant_config_id = coalesce(excluded.assistant_config_id, phone_numbers.assistant_config_id),
      verify_call_sid = null, verify_call_status = null
    returning id`);
  if (!(await activate(scope, saved!.id, tell))) throw new DataError("conflict", "phoneNumber.error.notConnectable", { code: "number_unavailable" });
  return numberById(scope, saved!.id);
}

/** Records a number just bought at Twilio, within `max` bought numbers per salon. */
export async function recordPurchase(
  scope: TenantScope,
  row: PhoneNumberValues & { twilio_sid: string },
  max: number,
  tell: DroppedClaimMail,
): Promise<PhoneNumber> {
  // Purchases of one salon take turns here, so two at once cannot both pass the count.
  await scope.sql`select from salons where id = ${scope.salonId} for update`;
  await ensureRoomToBuy(scope, max);
  return holdNumber(scope, { ...row, source: "bought" }, tell);
}

/** The row a verification call is asked for, checked: a number that takes calls already needs none. */
export async function numberToVerify(scope: TenantScope, id: string): Promise<{ phone_number: string }> {
  const row = await numberById(scope, id);
  if (row.status === "active") throw new DataError("conflict", "phoneNumber.error.alreadyActive", { code: "already_active" });
  return row;
}

/** Whether a number rings some salon already: no verification call is placed to it. */
export async function numberIsActive(scope: TenantScope, phoneNumber: string): Promise<boolean> {
  const [row] = await scope.sql<{ active: boolean }[]>`select phone_number_is_active(${phoneNumber}) as active`;
  return row!.active;
}

const codeHash = (sql: TenantScope["sql"], id: string, code: string) => sql`sha256(convert_to(${id} || ':' || ${code}, 'UTF8'))`;

/** Starts a verification with a fresh code, before its call is placed (Twilio may call back at once). */
export async function startVerification(scope: TenantScope, id: string, code: string): Promise<void> {
  const { sql } = scope;
  const updated = await sql`
    update phone_numbers set status = 'verifying', verify_code_hash = ${codeHash(sql, id, code)},
      verify_expires_at = now() + make_interval(mins => ${VERIFICATION.minutes}), verify_tries = 0,
      verify_call_sid = null, verify_call_status = 'queued', updated_at = now()
    where id = ${id} and salon_id = ${scope.salonId} and status <> 'active'
    returning id`;
  if (updated.length === 0) throw notFound();
}

/** The verification call was placed: its sid, unless Twilio's first callback stored it already. */
export async function recordVerificationCallSid(scope: TenantScope, id: string, callSid: string): Promise<PhoneNumber> {
  await scope.sql`
    update phone_numbers set verify_call_sid = ${callSid}
    where id = ${id} and salon_id = ${scope.salonId} and status = 'verifying' and verify_call_sid is null`;
  return numberById(scope, id);
}

/** The verification call could not be placed: the number is unverified as before. */
export async function abandonVerification(scope: TenantScope, id: string): Promise<void> {
  await scope.sql`
    update phone_numbers set status = 'unverified', verify_code_hash = null, verify_expires_at = null, verify_tries = 0,
      verify_call_sid = null, verify_call_status = null, updated_at = now()
    where id = ${id} and salon_id = ${scope.salonId} and status = 'verifying'`;
}

export type CodeOutcome =
  | { outcome: "verified"; number: PhoneNumber }
  | { outcome: "wrong"; triesLeft: number }
  | { outcome: "expired" }
  | { outcome: "taken" };

/**
 * Checks a code against the row's live verification. A wrong code uses up a try (kept, as
 * the caller's transaction commits); the right one makes the number active.
 */
export async function checkVerificationCode(scope: TenantScope, id: string, code: string, tell: DroppedClaimMail): Promise<CodeOutcome> {
  const { sql } = scope;
  const [row] = await sql<{ live: boolean; matches: boolean; tries: number }[]>`
    select ${sql.unsafe(LIVE_CODE)} as live, coalesce(p.verify_code_hash = ${codeHash(sql, id, code)}, false) as matches, p.verify_tries as tries
    from phone_numbers p where p.id = ${id} and p.salon_id = ${scope.salonId} for update`;
  if (!row) throw notFound();
  if (!row.live) return { outcome: "expired" };
  if (!row.matches) {
    await sql`update phone_numbers set verify_tries = verify_tries + 1 where id = ${id}`;
    return { outcome: "wrong", triesLeft: VERIFICATION.tries - row.tries - 1 };
  }
  if (!(await activate(scope, id, tell))) return { outcome: "taken" };
  return { outcome: "verified", number: await numberById(scope, id) };
}

/** Twilio's progress of a verification call, from its signed status callback. */
export async function recordVerificationCall(scope: PublicScope, id: string, callSid: string, status: string): Promise<void> {
  await scope.sql`select record_verification_call(${id}, ${callSid}, ${status})`;
}

/** The salon, its owner, the assistant and the number a dialled number belongs to, found before any salon is known. */
export interface DialledNumber {
  salon_id: string;
  owner_id: string;
  assistant_config_id: string | null;
  phone_number_id: string;
}

/** The active number dialled, if any: a number merely typed in by some salon rings nobody. */
export async function dialledNumber(scope: PublicScope, dialled: string): Promise<DialledNumber | undefined> {
  const [row] = await scope.sql<DialledNumber[]>`select * from phone_number_target(${dialled})`;
  return row;
}
