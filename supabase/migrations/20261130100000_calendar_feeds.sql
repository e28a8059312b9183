-- Private calendar feeds (iCalendar over a secret address): one for the whole salon and at most
-- one per stylist. The owner can copy the address again at any time, so the token is kept; the
-- public lookup goes by its SHA-256 hash only, through the definer function below.
create table calendar_feeds (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  -- None: the salon's feed, every stylist's appointments.
  stylist_id uuid references stylists (id) on delete cascade,
  token text not null check (length(token) between 40 and 64),
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  constraint calendar_feeds_one_each unique nulls not distinct (salon_id, stylist_id)
);

alter table calendar_feeds enable row level security;
create policy calendar_feeds_of_salon on calendar_feeds
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));
grant select, insert, update, delete on calendar_feeds to recepta_app;

-- A calendar app asks for a feed by its address before any salon is known: this narrow
-- definer function only tells whose feed the token's hash names, and which.
create function calendar_feed_tenant(hash bytea)
returns table (salon_id uuid, owner_id uuid, feed_id uuid)
language sql stable security definer set search_path = public as $$
  select f.salon_id, s.owner_id, f.id from calendar_feeds f join salons s on s.id = f.salon_id where f.token_hash = hash
$$;
revoke execute on function calendar_feed_tenant(bytea) from public;
grant execute on function calendar_feed_tenant(bytea) to recepta_app;
