import type { VoicemailChoice } from "../../contract/outreach.ts";
import type { PublicScope, Tenant, TenantScope } from "./tenant.ts";

/*
 * What an outbound offer call needs beyond the offer itself: the salon's line it calls from,
 * what an answering machine hears, and whose offer a signed Twilio webhook is about.
 */

/** The salon's number an offer call comes from, with the assistant that answers on it. */
export interface OfferCallLine {
  phone_number_id: string;
  phone_number: string;
  assistant_config_id: string;
  assistant_name: string;
}

/**
 * The salon's line for calling a client: an active number it bought or was assigned (one it
 * only typed in is not Twilio's to call from), whose assistant is switched on; the oldest when
 * there are several, so a client always sees the same number.
 */
export async function offerCallLine({ sql, salonId }: TenantScope): Promise<OfferCallLine | null> {
  const [row] = await sql<OfferCallLine[]>`
    select p.id as phone_number_id, p.phone_number, a.id as assistant_config_id, a.name as assistant_name
    from phone_numbers p join assistant_configs a on a.id = p.assistant_config_id and a.salon_id = p.salon_id
    where p.salon_id = ${salonId} and p.status = 'active' and p.source in ('bought', 'assigned') and a.is_active
    order by p.created_at, p.id
    limit 1`;
  return row ?? null;
}

/** What the salon wants an answering machine to hear. */
export async function voicemailChoice({ sql, salonId }: TenantScope): Promise<VoicemailChoice> {
  const [row] = await sql<{ voicemail: VoicemailChoice }[]>`select voicemail from outreach_settings where salon_id = ${salonId}`;
  return row?.voicemail ?? "message";
}

/** The salon (through its owner) whose offer `attemptId` is, found before any salon is known. */
export async function offerTenant({ sql }: PublicScope, attemptId: string): Promise<Tenant | null> {
  const [row] = await sql<{ salon_id: string; owner_id: string }[]>`select * from outreach_attempt_tenant(${attemptId})`;
  return row ? { salonId: row.salon_id, userId: row.owner_id } : null;
}
