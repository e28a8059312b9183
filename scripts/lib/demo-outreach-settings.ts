import type { TransactionSql } from "postgres";
import { OUTREACH_DEFAULTS, type OutreachSettings } from "../../contract/outreach.ts";

/** Offers by text only, two clients at a time: the Outreach tab filled in, and Fill gaps ready in the calendar. */
const DEMO_OUTREACH: OutreachSettings = { ...OUTREACH_DEFAULTS, enabled: true, sms_round: 2, daily_cap: 15 };

/** The demo salon's outreach, switched on with calls off. */
export async function seedOutreachSettings(tx: TransactionSql, ownerEmail: string): Promise<void> {
  await tx`update outreach_settings o set ${tx(DEMO_OUTREACH)}, updated_at = now()
           from salons s join users u on u.id = s.owner_id
           where o.salon_id = s.id and u.email = ${ownerEmail}`;
}
