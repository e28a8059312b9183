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

/** A mail claimed for one attempt. */
export interface ClaimedMail {
  id: string;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** This attempt's number. */
  attempt: number;
}

/** Mail due to be sent at `at` (these ids, or any), oldest first. */
export async function dueMail({ sql }: PublicScope, at: Date, batch: number, ids?: string[]): Promise<{ id: string }[]> {
  return sql<{ id: string }[]>`
    select id from mail_outbox
    where sent_at is null and failed_at is null and next_attempt_at <= ${at}
      ${ids ? sql`and id in ${sql(ids)}` : sql``}
    order by next_attempt_at limit ${batch}`;
}

/** Takes a due mail for one attempt, leased until `until`; nothing when it is not due or another holds it. */
export async function claimMail({ sql }: PublicScope, id: string, now: Date, until: Date): Promise<ClaimedMail | undefined> {
  const [row] = await sql<ClaimedMail[]>`
    update mail_outbox set attempts = attempts + 1, next_attempt_at = ${until}
    where id = (select id from mail_outbox where id = ${id} and sent_at is null and failed_at is null and next_attempt_at <= ${now} for update skip locked)
    returning id, from_address, to_address, subject, text_body, html_body, attempts as attempt`;
  return row;
}

export async function markMailSent({ sql }: PublicScope, id: string, providerId: string | null, at: Date): Promise<void> {
  await sql`update mail_outbox set sent_at = ${at}, provider_id = ${providerId}, last_error = null where id = ${id}`;
}

/** A failed attempt: tried again at `retryAt`, or without one failed for good at `at`. */
export async function markMailFailed({ sql }: PublicScope, id: string, error: string, retryAt: Date | null, at: Date): Promise<void> {
  await sql`
    update mail_outbox set last_error = ${error}, next_attempt_at = coalesce(${retryAt}, next_attempt_at),
      failed_at = ${retryAt ? null : at}
    where id = ${id} and sent_at is null`;
}
