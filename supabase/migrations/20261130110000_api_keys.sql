-- Keys an integrator's program uses instead of a signed-in person: each reads (and with
-- read_write also changes) one salon's dashboard data. The key itself is shown once and never
-- kept; only its SHA-256 and a short prefix to tell keys apart.
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  name text not null check (length(name) between 1 and 80),
  scope text not null check (scope in ('read', 'read_write')),
  -- The key's first characters ("rk_A1b2C3d4"), as the owner sees it in the list.
  prefix text not null check (length(prefix) between 4 and 16),
  -- Hex SHA-256 of the whole key.
  key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  -- Written at most once a minute per key.
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_salon on api_keys (salon_id, created_at desc);

alter table api_keys enable row level security;
create policy api_keys_of_salon on api_keys
  using (salon_id = app_setting('app.salon_id')) with check (salon_id = app_setting('app.salon_id'));
grant select, insert, update, delete on api_keys to recepta_app;

-- A request with a key names no salon yet: this narrow definer function answers whose
-- unrevoked key a hash is, and what the request then needs of the salon.
create function api_key_tenant(hash text)
returns table (key_id uuid, salon_id uuid, owner_id uuid, scope text, time_zone text, last_used_at timestamptz)
language sql stable security definer set search_path = public as $$
  select k.id, k.salon_id, s.owner_id, k.scope, s.time_zone, k.last_used_at
  from api_keys k join salons s on s.id = k.salon_id
  where k.key_hash = hash and k.revoked_at is null
$$;
revoke execute on function api_key_tenant(text) from public;
grant execute on function api_key_tenant(text) to recepta_app;
