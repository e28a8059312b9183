create extension if not exists pgcrypto;
create extension if not exists citext;

-- Visitors who asked to hear when the product opens to them.
create table waitlist_entries (
  id uuid primary key default gen_random_uuid(),
  email citext not null unique,
  language text not null check (language in ('en', 'de', 'cs')),
  created_at timestamptz not null default now()
);

-- Messages sent from the public contact form (sales, support, trial, enterprise).
create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  email citext not null,
  message text not null,
  language text not null check (language in ('en', 'de', 'cs')),
  created_at timestamptz not null default now()
);

-- Every mail is written here in the same transaction as the change that causes it, then
-- delivered through the mail provider when one is configured (transactional outbox).
-- Without a provider it stays here and the local mailbox page shows it.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  from_address text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  provider_id text,
  attempts int not null default 0,
  last_error text
);
create index mail_outbox_created_at on mail_outbox (created_at desc);
create index mail_outbox_unsent on mail_outbox (created_at) where sent_at is null;
