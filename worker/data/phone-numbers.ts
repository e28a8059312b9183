import type { PhoneNumber } from "../../contract/phone-numbers.ts";
import { DataError, isViolation, notFound } from "./errors.ts";
import { deleteSalonRow } from "./rows.ts";
import type { PublicScope, TenantScope } from "./tenant.ts";

const COLUMNS = "id, phone_number, phone_name, assistant_config_id";

/** A number as stored: `phone_number` already in E.164. */
export interface PhoneNumberValues {
  phone_number: string;
  phone_name: string | null;
  assistant_config_id: string | null;
}

export async function listPhoneNumbers(scope: TenantScope): Promise<PhoneNumber[]> {
  return scope.sql<PhoneNumber[]>`
    select ${scope.sql.unsafe(COLUMNS)} from phone_numbers where salon_id = ${scope.salonId} order by created_at, id`;
}

/**
 * Runs an insert or update and turns the table's two rules into refusals: a number registered
 * anywhere already (unique, 23505) and an assistant of another salon or none at all (the
 * same-salon foreign key, 23503).
 */
async function saving(write: () => Promise<PhoneNumber[]>): Promise<PhoneNumber | undefined> {
  try {
    const [row] = await write();
    return row;
  } catch (error) {
    if (isViolation(error, "23505", "phone_numbers_number_key")) {
      throw new DataError("conflict", "phoneNumber.error.taken", { field: "phone_number", code: "phone_number_taken" });
    }
    if (isViolation(error, "23503", "phone_numbers_assistant_fkey")) {
      throw new DataError("invalid", "validation.phoneNumber.assistant", { field: "assistant_config_id" });
    }
    throw error;
  }
}

export async function createPhoneNumber(scope: TenantScope, row: PhoneNumberValues): Promise<PhoneNumber> {
  const { sql } = scope;
  const created = await saving(() => sql<PhoneNumber[]>`
    insert into phone_numbers (salon_id, phone_number, phone_name, assistant_config_id)
    values (${scope.salonId}, ${row.phone_number}, ${row.phone_name}, ${row.assistant_config_id})
    returning ${sql.unsafe(COLUMNS)}`);
  return created!;
}

export async function updatePhoneNumber(scope: TenantScope, id: string, row: PhoneNumberValues): Promise<PhoneNumber> {
  const { sql } = scope;
  const updated = await saving(() => sql<PhoneNumber[]>`
    update phone_numbers set phone_number = ${row.phone_number}, phone_name = ${row.phone_name},
      assistant_config_id = ${row.assistant_config_id}, updated_at = now()
    where id = ${id} and salon_id = ${scope.salonId}
    returning ${sql.unsafe(COLUMNS)}`);
  if (!updated) throw notFound();
  return updated;
}

export async function deletePhoneNumber(scope: TenantScope, id: string): Promise<void> {
  await deleteSalonRow(scope, "phone_numbers", id);
}

/** The salon, its owner, the assistant and the number a dialled number belongs to, found before any salon is known. */
export interface DialledNumber {
  salon_id: string;
  owner_id: string;
  assistant_config_id: string | null;
  phone_number_id: string;
}

export async function dialledNumber(scope: PublicScope, dialled: string): Promise<DialledNumber | undefined> {
  const [row] = await scope.sql<DialledNumber[]>`select * from phone_number_target(${dialled})`;
  return row;
}
