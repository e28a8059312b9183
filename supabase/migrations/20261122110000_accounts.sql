-- Accounts: one row per owner. The password hash names its algorithm and parameters
-- ("scrypt$<log2 N>$<r>$<p>$<salt>$<hash>") so they can be raised later.
create table users (
  id uuid primary key default gen_random_uuid(),
  email citext not null unique,
  password_hash text not null,
  email_verified_at timestamptz,
  is_active boolean not null default true,
  language text not null default 'en' check (language in ('en', 'de', 'cs')),
  created_at timestamptz not null default now(),
  -- Raised when the password changes; access tokens carry it, so older ones stop working.
  token_version int not null default 0
);

-- Single-use links sent by mail. Only a SHA-256 of the token is kept.
create table email_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('verify_email', 'reset_password')),
  token_hash bytea not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_tokens_user on email_tokens (user_id, purpose);

-- Refresh tokens rotate on every use. All tokens of one sign-in share a family; a token
-- presented twice means it was stolen, and the whole family is revoked.
create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  family_id uuid not null,
  token_hash bytea not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family on refresh_tokens (family_id);
create index refresh_tokens_user on refresh_tokens (user_id) where revoked_at is null;

-- Fixed-window counters for rate limits, shared by every Worker instance.
create table rate_limits (
  bucket text not null,
  window_start timestamptz not null,
  hits int not null,
  primary key (bucket, window_start)
);
create index rate_limits_window on rate_limits (window_start);
