import type { SetupProgress } from "../../contract/setup-progress.ts";
import type { TenantScope } from "./tenant.ts";

const filled = (column: string) => `nullif(btrim(s.${column}), '') is not null`;

/**
 * The salon's first steps, in one statement. A stylist counts with at least one working day
 * (a day off is null or `working: false`); a number counts once it takes calls and rings an
 * assistant; any call counts, from the browser or the phone.
 */
export async function setupProgress(scope: TenantScope): Promise<SetupProgress> {
  const { sql, salonId } = scope;
  const [progress] = await sql<SetupProgress[]>`
    select
      ${sql.unsafe(["name", "address", "city", "phone"].map(filled).join(" and "))}
        and exists (select from jsonb_each(s.business_hours) day where jsonb_typeof(day.value) = 'object') as salon,
      exists (
        select from stylists t
        where t.salon_id = s.id and t.is_active
          and exists (select from jsonb_each(t.working_hours) day
                      where jsonb_typeof(day.value) = 'object' and coalesce(day.value->>'working', 'true') <> 'false')
      ) as stylists,
      exists (select from services v where v.salon_id = s.id) as services,
      exists (select from assistant_configs a where a.salon_id = s.id) as assistant,
      exists (
        select from phone_numbers p where p.salon_id = s.id and p.status = 'active' and p.assistant_config_id is not null
      ) as phone_number,
      exists (select from calls c where c.salon_id = s.id) as test_call
    from salons s where s.id = ${salonId}`;
  return progress!;
}
