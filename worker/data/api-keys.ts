import { API_KEY_LIMITS, type ApiKey, type ApiKeyScope } from "../../contract/api-keys.ts";
import { DataError, notFound } from "./errors.ts";
import type { PublicScope, TenantScope } from "./tenant.ts";

const COLUMNS = "id, name, scope, prefix, created_at, last_used_at, revoked_at";

/** The salon's keys, unrevoked first, newest first. */
export async function listApiKeys({ sql, salonId }: TenantScope): Promise<ApiKey[]> {
  return sql<ApiKey[]>`
    select ${sql.unsafe(COLUMNS)} from api_keys where salon_id = ${salonId}
    order by revoked_at is not null, created_at desc, id`;
}

/** Keeps a new key's hash and prefix; a salon with as many unrevoked keys as it may have is refused. */
export async function createApiKey(
  { sql, salonId }: TenantScope,
  key: { name: string; scope: ApiKeyScope; prefix: string; hash: string },
): Promise<ApiKey> {
  // One salon's keys are made one at a time, so two made together cannot both pass the count.
  await sql`select pg_advisory_xact_lock(hashtext('api_keys:' || ${salonId}))`;
  const [{ active } = { active: 0 }] = await sql<{ active: number }[]>`
    select count(*)::int as active from api_keys where salon_id = ${salonId} and revoked_at is null`;
  if (active >= API_KEY_LIMITS.active) {
    throw new DataError("conflict", "apiKeys.error.tooMany", { code: "too_many_keys", values: { max: API_KEY_LIMITS.active } });
  }
  const [row] = await sql<ApiKey[]>`
    insert into api_keys (salon_id, name, scope, prefix, key_hash)
    values (${salonId}, ${key.name}, ${key.scope}, ${key.prefix}, ${key.hash})
    returning ${sql.unsafe(COLUMNS)}`;
  return row!;
}

/** Revokes a key from now on; revoking it again changes nothing. */
export async function revokeApiKey({ sql, salonId }: TenantScope, id: string): Promise<ApiKey> {
  const [row] = await sql<ApiKey[]>`
    update api_keys set revoked_at = coalesce(revoked_at, now())
    where salon_id = ${salonId} and id = ${id}
    returning ${sql.unsafe(COLUMNS)}`;
  if (!row) throw notFound();
  return row;
}

/** Whose unrevoked key a hash is, and what a request needs of that salon. */
export interface KeyHolder {
  keyId: string;
  salonId: string;
  ownerId: string;
  scope: ApiKeyScope;
  timeZone: string;
  lastUsedAt: Date | null;
}

export async function keyHolder({ sql }: PublicScope, hash: string): Promise<KeyHolder | undefined> {
  const [row] = await sql<KeyHolder[]>`
    select key_id as "keyId", salon_id as "salonId", owner_id as "ownerId", scope, time_zone as "timeZone", last_used_at as "lastUsedAt"
    from api_key_tenant(${hash})`;
  return row;
}

/** Notes that a key was used; a minute's precision is enough, so a busy key writes rarely. */
export async function markApiKeyUsed({ sql, salonId }: TenantScope, id: string): Promise<void> {
  await sql`update api_keys set last_used_at = now()
            where salon_id = ${salonId} and id = ${id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`;
}
