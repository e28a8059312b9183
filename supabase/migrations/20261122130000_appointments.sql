create extension if not exists btree_gist;

-- An appointment of one stylist. Two booked appointments of a stylist can never overlap:
-- the exclusion constraint decides, whatever the application checked before.
-- Cancelled appointments stay for the record and free their time.
create table appointments (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  -- Kept when the stylist row goes (only possible without upcoming appointments): the
  -- name below still tells who it was.
  stylist_id uuid references stylists (id) on delete set null,
  stylist_name text not null,
  customer_name text,
  customer_phone text,
  start_at timestamptz not null,
  end_at timestamptz not null,
  notes text,
  status text not null default 'booked' check (status in ('booked', 'cancelled')),
  source text not null default 'dashboard' check (source in ('dashboard', 'voice', 'online')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  cancelled_at timestamptz,
  check (end_at > start_at),
  constraint appointments_no_overlap exclude using gist (
    stylist_id with =,
    tstzrange(start_at, end_at, '[)') with &&
  ) where (status = 'booked')
);
create index appointments_salon_time on appointments (salon_id, start_at) where status = 'booked';
create index appointments_customer_phone on appointments (salon_id, customer_phone) where status = 'booked';

-- The services of an appointment with what they cost and took when booked: deleting or
-- repricing a service later does not rewrite history.
create table appointment_services (
  id uuid primary key default gen_random_uuid(),
  appointment_id uuid not null references appointments (id) on delete cascade,
  salon_id uuid not null references salons (id) on delete cascade,
  service_id uuid references services (id) on delete set null,
  service_name text not null,
  service_color text not null,
  price_at_booking numeric(10, 2) check (price_at_booking >= 0),
  duration_at_booking int check (duration_at_booking > 0),
  position int not null
);
create index appointment_services_appointment on appointment_services (appointment_id, position);

alter table appointments enable row level security;
create policy appointments_of_salon on appointments
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));

alter table appointment_services enable row level security;
create policy appointment_services_of_salon on appointment_services
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));

grant select, insert, update, delete on appointments, appointment_services to recepta_app;
