import type { PublicScope, TenantScope } from "./tenant.ts";

/*
 * Mail is written here in the same transaction as the change that causes it (transactional
 * outbox), then delivered by platform/mail/deliver.ts; without a provider it stays, and the local
 * mailbox page shows it.
 */

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface OutboxMail extends Mail {
  id: string;
  createdAt: string;
  sentAt: string | null;
}

/** Queues a mail in the caller's transaction, so it exists exactly when the change does. */
export async function enqueueMail({ sql }: PublicScope | TenantScope, mail: Mail): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into mail_outbox (from_address, to_address, subject, text_body, html_body)
    values (${mail.from}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null})
    returning id`;
  return row!.id;
}

export async function listOutbox({ sql }: PublicScope, limit = 100): Promise<OutboxMail[]> {
  return sql<OutboxMail[]>`
    select id, from_address as "from", to_address as "to", subject, text_body as text,
           html_body as html, created_at as "createdAt", sent_at as "sentAt"
    from mail_outbox order by created_at desc limit ${limit}`;
}

export interface PendingMail {
  id: string;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
}

/** Mail not yet sent and not given up on (these ids, or any), oldest first. */
export async function pendingMail({ sql }: PublicScope, maxAttempts: number, ids?: string[]): Promise<PendingMail[]> {
  return sql<PendingMail[]>`
    select id, from_address, to_address, subject, text_body, html_body from mail_outbox
    where sent_at is null and attempts < ${maxAttempts}
      ${ids ? sql`and id in ${sql(ids)}` : sql``}
    order by created_at limit 50`;
}

/** Records a delivery attempt: sent with the provider's id, or failed with its error. */
export async function recordAttempt({ sql }: PublicScope, id: string, outcome: { providerId: string | null } | { error: string }): Promise<void> {
  if ("error" in outcome) {
    await sql`update mail_outbox set attempts = attempts + 1, last_error = ${outcome.error} where id = ${id}`;
  } else {
    await sql`update mail_outbox set attempts = attempts + 1, sent_at = now(),
              provider_id = ${outcome.providerId}, last_error = null where id = ${id}`;
  }
}
