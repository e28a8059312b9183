-- A stylist's other calendar (Google, Apple, Outlook) by its secret iCal address: the cron
-- reads it and keeps its busy times for the next weeks, which free-slot searches treat like
-- time off.
create table stylist_calendars (
  stylist_id uuid primary key,
  salon_id uuid not null references salons (id) on delete cascade,
  url text not null check (length(url) between 8 and 2000),
  -- What the server said of the copy read last, asked back so an unchanged calendar is not sent again.
  etag text check (length(etag) <= 500),
  last_modified text check (length(last_modified) <= 200),
  status text not null default 'pending' check (status in ('pending', 'ok', 'error')),
  error text check (error in ('unreachable', 'http', 'not_calendar', 'too_large', 'timeout')),
  -- The HTTP status of an 'http' error.
  error_status int,
  checked_at timestamptz,
  -- The last read that worked: its busy times are the ones kept.
  synced_at timestamptz,
  busy_count int not null default 0,
  next_sync_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (salon_id, stylist_id) references stylists (salon_id, id) on delete cascade
);
create index stylist_calendars_due on stylist_calendars (next_sync_at);

create table stylist_busy_blocks (
  id bigint generated always as identity primary key,
  salon_id uuid not null,
  stylist_id uuid not null,
  start_at timestamptz not null,
  end_at timestamptz not null check (end_at > start_at),
  foreign key (salon_id, stylist_id) references stylists (salon_id, id) on delete cascade,
  foreign key (stylist_id) references stylist_calendars (stylist_id) on delete cascade
);
create index stylist_busy_blocks_range on stylist_busy_blocks (salon_id, stylist_id, start_at);

alter table stylist_calendars enable row level security;
create policy stylist_calendars_of_salon on stylist_calendars
  using (salon_id = app_setting('app.salon_id')) with check (salon_id = app_setting('app.salon_id'));
alter table stylist_busy_blocks enable row level security;
create policy stylist_busy_blocks_of_salon on stylist_busy_blocks
  using (salon_id = app_setting('app.salon_id')) with check (salon_id = app_setting('app.salon_id'));
grant select, insert, update, delete on stylist_calendars, stylist_busy_blocks to recepta_app;

-- The cron runs before any salon is known: this narrow definer function only names the
-- calendars due to be read and whose they are.
create function due_stylist_calendars(batch int)
returns table (stylist_id uuid, salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select c.stylist_id, c.salon_id, s.owner_id
  from stylist_calendars c join salons s on s.id = c.salon_id
  where c.next_sync_at <= now()
  order by c.next_sync_at
  limit batch
$$;
revoke execute on function due_stylist_calendars(int) from public;
grant execute on function due_stylist_calendars(int) to recepta_app;
