import type { OutreachSettings, OutreachSettingsBody } from "../../contract/outreach.ts";
import { notFound } from "./errors.ts";
import type { TenantScope } from "./tenant.ts";

/** How the salon's outreach runs: one row per salon, made with the salon. */

const SETTINGS = "enabled, include_regulars, sms_round, answer_minutes, calls_enabled, voicemail, daily_cap";

export async function outreachSettings({ sql, salonId }: TenantScope): Promise<OutreachSettings> {
  const [row] = await sql<OutreachSettings[]>`select ${sql.unsafe(SETTINGS)} from outreach_settings where salon_id = ${salonId}`;
  if (!row) throw notFound();
  return row;
}

export async function saveOutreachSettings({ sql, salonId }: TenantScope, body: OutreachSettingsBody): Promise<OutreachSettings> {
  const [row] = await sql<OutreachSettings[]>`
    update outreach_settings set ${sql(body)}, updated_at = now()
    where salon_id = ${salonId} returning ${sql.unsafe(SETTINGS)}`;
  if (!row) throw notFound();
  return row;
}
