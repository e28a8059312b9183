-- The salon's own online booking page, /{lang}/book/{slug}: one row per salon, made with the
-- salon, off until the owner chooses an address and switches it on.
create table booking_pages (
  salon_id uuid primary key references salons (id) on delete cascade,
  enabled boolean not null default false,
  -- Unique across salons: the page's address. Lower-case letters, digits and single hyphens.
  slug text unique check (length(slug) between 3 and 40 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- No start sooner than this after now.
  min_notice_minutes int not null default 120 check (min_notice_minutes in (0, 30, 60, 120, 240, 720, 1440, 2880)),
  -- No start after this many days from the salon's today.
  horizon_days int not null default 60 check (horizon_days in (7, 14, 30, 60, 90, 180)),
  -- The grid of start times offered, in minutes.
  slot_step int not null default 15 check (slot_step in (15, 30)),
  updated_at timestamptz not null default now(),
  check (not enabled or slug is not null)
);

insert into booking_pages (salon_id) select id from salons;

create function add_booking_page() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  insert into booking_pages (salon_id) values (new.id) on conflict do nothing;
  return null;
end
$$;
revoke execute on function add_booking_page() from public;
create trigger salons_booking_page after insert on salons
  for each row execute function add_booking_page();

-- What the page offers: every active service and stylist unless the owner takes one off it.
alter table services add column bookable_online boolean not null default true;
alter table stylists add column bookable_online boolean not null default true;

-- Upcoming online bookings of one number, counted before another is taken.
create index appointments_online_phone on appointments (salon_id, customer_phone, end_at)
  where source = 'online' and status = 'booked';

alter table booking_pages enable row level security;
create policy booking_pages_of_salon on booking_pages
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));
grant select, insert, update, delete on booking_pages to recepta_app;

-- A visitor's request names a page by its address before any salon is known: this narrow
-- definer function only tells whose page it is.
create function booking_page_tenant(page_slug text)
returns table (salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select b.salon_id, s.owner_id from booking_pages b join salons s on s.id = b.salon_id where b.slug = page_slug
$$;
revoke execute on function booking_page_tenant(text) from public;
grant execute on function booking_page_tenant(text) to recepta_app;
