import { notFound } from "./errors.ts";
import type { TenantScope } from "./tenant.ts";

/** Tables whose rows the dashboard deletes outright (stylists are guarded, appointments cancelled). */
type DeletableTable = "services" | "assistant_configs";

/** Deletes one of the salon's rows; not found when the salon has no such row. */
export async function deleteSalonRow(scope: TenantScope, table: DeletableTable, id: string): Promise<void> {
  const deleted = await scope.sql`delete from ${scope.sql(table)} where id = ${id} and salon_id = ${scope.salonId} returning id`;
  if (deleted.length === 0) throw notFound();
}
