-- The Worker runs as a member of recepta_app: it reads and writes rows, owns nothing, and
-- so is subject to row-level security. Tenant tables admit a row only when it belongs to
-- the salon named by the transaction's app.salon_id setting (or, for salons, whose owner
-- is app.user_id). Without the setting a query sees no rows at all.
do $$
begin
  if not exists (select from pg_roles where rolname = 'recepta_app') then
    create role recepta_app nologin;
  end if;
end
$$;
grant usage on schema public to recepta_app;

create table salons (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null unique references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 120),
  email text,
  phone text,
  website text,
  address text,
  city text,
  state text,
  postal_code text,
  country text,
  description text,
  transfer_phone_number text,
  -- {"0": {"open": "09:00", "close": "18:00"} | null, ... "6": ...}; 0 = Monday.
  business_hours jsonb not null,
  special_dates jsonb not null default '{}',
  time_zone text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table stylists (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  first_name text not null,
  last_name text not null,
  email text,
  phone text,
  -- {"0": {working, morning_start, morning_end, afternoon_start, afternoon_end} | null, ...}
  working_hours jsonb not null,
  time_off jsonb not null default '[]',
  is_active boolean not null default true,
  color text not null default '#3788d8',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index stylists_salon on stylists (salon_id, last_name, first_name);

create table services (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  name text not null,
  description text,
  duration int not null default 60 check (duration >= 5 and duration % 5 = 0),
  price numeric(10, 2) not null default 0 check (price >= 0),
  min_price numeric(10, 2) check (min_price >= 0),
  max_price numeric(10, 2) check (max_price >= 0),
  color text not null default '#3788d8',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (min_price is null or max_price is null or min_price <= max_price)
);
create index services_salon on services (salon_id, name);

create function app_setting(name text) returns uuid language sql stable as
$$ select nullif(current_setting(name, true), '')::uuid $$;

alter table salons enable row level security;
create policy salons_of_owner on salons
  using (owner_id = app_setting('app.user_id'))
  with check (owner_id = app_setting('app.user_id'));

alter table stylists enable row level security;
create policy stylists_of_salon on stylists
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));

alter table services enable row level security;
create policy services_of_salon on services
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));

grant select, insert, update, delete on all tables in schema public to recepta_app;
grant execute on function app_setting(text) to recepta_app;
alter default privileges in schema public grant select, insert, update, delete on tables to recepta_app;
