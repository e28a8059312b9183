import type { Sql, TransactionSql } from "postgres";

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

/** Writes the mail in the caller's transaction, so it exists exactly when the change does. */
export async function enqueueMail(sql: Sql | TransactionSql, mail: Mail): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into mail_outbox (from_address, to_address, subject, text_body, html_body)
    values (${mail.from}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null})
    returning id`;
  return row!.id;
}

export async function listOutbox(sql: Sql, limit = 100): Promise<OutboxMail[]> {
  return sql<OutboxMail[]>`
    select id, from_address as "from", to_address as "to", subject, text_body as text,
           html_body as html, created_at as "createdAt", sent_at as "sentAt"
    from mail_outbox order by created_at desc limit ${limit}`;
}
