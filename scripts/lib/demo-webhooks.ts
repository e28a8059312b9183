import type { TransactionSql } from "postgres";
import { newSecret } from "../../worker/salon/webhooks/signing.ts";

const DAY = 86_400_000;

/**
 * A webhook to the salon's CRM with a few days of its log: bookings delivered, a change the CRM
 * refused once and took on the retry. Paused, and at an address that
 * does not exist, so the cron of a developer's machine sends nothing.
 */
export async function seedWebhooks(tx: TransactionSql, ownerEmail: string): Promise<void> {
  const [salon] = await tx<{ id: string; currency: string }[]>`select s.id, s.currency from salons s join users u on u.id = s.owner_id where u.email = ${ownerEmail}`;
  if (!salon) return;
  const { secret, prefix } = newSecret();
  const [endpoint] = await tx<{ id: string }[]>`
    insert into webhook_endpoints (salon_id, url, description, events, enabled, secret, secret_prefix, created_at)
    values (${salon.id}, 'https://hooks.example.com/recepta', 'CRM', '{appointment.created,appointment.updated,appointment.cancelled,client.created}',
            false, ${secret}, ${prefix}, now() - interval '6 days')
    returning id`;
  const appointments = await tx<{ id: string; start_at: Date; end_at: Date; stylist_id: string | null; stylist_name: string; customer_name: string | null; customer_phone: string | null; source: string }[]>`
    select id, start_at, end_at, stylist_id, stylist_name, customer_name, customer_phone, source from appointments
    where salon_id = ${salon.id} and status = 'booked' order by start_at limit 3`;
  const log = [
    { type: "appointment.created", daysAgo: 5, attempts: [200] },
    { type: "appointment.created", daysAgo: 3, attempts: [200] },
    { type: "appointment.updated", daysAgo: 2, attempts: [500, 200] },
  ] as const;
  for (const [index, entry] of log.entries()) {
    const appointment = appointments[index];
    if (!appointment) return;
    const at = new Date(Date.now() - entry.daysAgo * DAY);
    const data = {
      id: appointment.id,
      status: "booked",
      start: appointment.start_at.toISOString(),
      end: appointment.end_at.toISOString(),
      stylist: { id: appointment.stylist_id, name: appointment.stylist_name },
      services: [],
      client: { id: null, name: appointment.customer_name, phone: appointment.customer_phone, email: null },
      price: null,
      currency: salon.currency,
      source: appointment.source,
    };
    const [event] = await tx<{ id: string; seq: string }[]>`
      insert into webhook_events (salon_id, type, subject_id, payload, created_at)
      values (${salon.id}, ${entry.type}, ${appointment.id}, ${JSON.stringify({ type: entry.type, timestamp: at.toISOString(), data })}::text::jsonb, ${at})
      returning id, seq`;
    const last = new Date(at.getTime() + (entry.attempts.length - 1) * 60_000);
    await tx`
      insert into webhook_deliveries (salon_id, event_id, endpoint_id, subject_id, event_seq, status, attempts, response_status,
                                      next_attempt_at, last_attempt_at, delivered_at, created_at)
      values (${salon.id}, ${event!.id}, ${endpoint!.id}, ${appointment.id}, ${event!.seq}, 'delivered', ${entry.attempts.length}, 200,
              ${last}, ${last}, ${last}, ${at})`;
  }
}
