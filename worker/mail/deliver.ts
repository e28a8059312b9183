import type { Sql } from "postgres";
import { Resend } from "resend";
import type { Bindings } from "../env.ts";

const MAX_ATTEMPTS = 5;

interface Pending {
  id: string;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
}

/**
 * Sends queued mail through Resend. Without RESEND_API_KEY mail stays in the outbox
 * (the local default). The outbox id is the idempotency key, so a retry after a lost
 * answer never sends twice. Failures are recorded and retried by the scheduled handler;
 * they never fail the request that queued the mail, whose change is already committed.
 */
export async function deliverMail(env: Bindings, sql: Sql, ids?: string[]): Promise<void> {
  if (!env.RESEND_API_KEY) return;
  try {
    await sendPending(new Resend(env.RESEND_API_KEY, { baseUrl: env.RESEND_BASE_URL }), sql, ids);
  } catch (error) {
    console.error("mail delivery failed", error);
  }
}

async function sendPending(resend: Resend, sql: Sql, ids?: string[]) {
  const pending = await sql<Pending[]>`
    select id, from_address, to_address, subject, text_body, html_body from mail_outbox
    where sent_at is null and attempts < ${MAX_ATTEMPTS}
      ${ids ? sql`and id in ${sql(ids)}` : sql``}
    order by created_at limit 50`;
  for (const mail of pending) {
    const { data, error } = await resend.emails
      .send(
        {
          from: mail.from_address,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text_body,
          ...(mail.html_body ? { html: mail.html_body } : {}),
        },
        { idempotencyKey: mail.id },
      )
      .catch((cause: unknown) => ({ data: null, error: { message: String(cause) } }));
    if (error) {
      await sql`update mail_outbox set attempts = attempts + 1, last_error = ${error.message}
                where id = ${mail.id}`;
    } else {
      await sql`update mail_outbox set attempts = attempts + 1, sent_at = now(),
                provider_id = ${data?.id ?? null}, last_error = null where id = ${mail.id}`;
    }
  }
}
