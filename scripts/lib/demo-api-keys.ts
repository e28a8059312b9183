import type { TransactionSql } from "postgres";
import { apiKeyHash, newApiKey, visiblePrefix } from "../../worker/salon/api-keys/secret.ts";

/** Keys as a salon that tried an integration keeps them: one revoked, one in use. The keys themselves are not kept. */
const DEMO_KEYS = [
  { name: "Old website widget", scope: "read", createdDaysAgo: 40, usedDaysAgo: 21, revokedDaysAgo: 20 },
  { name: "Accounting export", scope: "read", createdDaysAgo: 19, usedDaysAgo: 1, revokedDaysAgo: null },
] as const;

/** The demo salon's API keys. */
export async function seedApiKeys(tx: TransactionSql, ownerEmail: string): Promise<void> {
  const [salon] = await tx<{ id: string }[]>`select s.id from salons s join users u on u.id = s.owner_id where u.email = ${ownerEmail}`;
  if (!salon) return;
  for (const key of DEMO_KEYS) {
    const secret = newApiKey();
    const days = (count: number | null) => (count === null ? null : new Date(Date.now() - count * 86_400_000));
    await tx`insert into api_keys (salon_id, name, scope, prefix, key_hash, created_at, last_used_at, revoked_at)
             values (${salon.id}, ${key.name}, ${key.scope}, ${visiblePrefix(secret)}, ${await apiKeyHash(secret)},
                     ${days(key.createdDaysAgo)}, ${days(key.usedDaysAgo)}, ${days(key.revokedDaysAgo)})`;
  }
}
