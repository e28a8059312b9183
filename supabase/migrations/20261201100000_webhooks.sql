-- Webhooks: addresses of the salon's other systems that are told when an appointment is
-- booked, changed or cancelled, a call has ended and been summarised, or a client is new.
-- Each event is written in the transaction of the change that caused it (an outbox), with one
-- delivery per endpoint then subscribed to it; deliveries are sent after the commit and retried
-- by the cron.
create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  url text not null check (length(url) between 8 and 500),
  description text check (length(description) between 1 and 80),
  events text[] not null check (cardinality(events) between 1 and 5),
  enabled boolean not null default true,
  -- Kept as it is, not hashed: every delivery is signed with it.
  secret text not null check (secret ~ '^whsec_[A-Za-z0-9+/=]{16,64}$'),
  -- The secret's first characters, as the owner sees it in the list.
  secret_prefix text not null check (length(secret_prefix) between 6 and 16),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (salon_id, id)
);
create index webhook_endpoints_salon on webhook_endpoints (salon_id, created_at);

create table webhook_events (
  id uuid primary key default gen_random_uuid(),
  -- The order events happened in, which a subject's deliveries keep.
  seq bigint generated always as identity,
  salon_id uuid not null references salons (id) on delete cascade,
  type text not null check (type in ('appointment.created', 'appointment.updated', 'appointment.cancelled', 'call.completed', 'client.created', 'webhook.test')),
  -- What the event is about (the appointment, call, client or endpoint).
  subject_id uuid not null,
  -- The body sent: {"type", "timestamp", "data"}; bounded by what goes in it.
  payload jsonb not null check (octet_length(payload::text) <= 64000),
  created_at timestamptz not null default now(),
  unique (salon_id, id)
);
create index webhook_events_created on webhook_events (created_at);

create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null,
  event_id uuid not null,
  endpoint_id uuid not null,
  -- The event's subject and order, kept here so "is an earlier one of this subject still
  -- pending" reads one index.
  subject_id uuid not null,
  event_seq bigint not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts smallint not null default 0,
  response_status int,
  error text check (error in ('timeout', 'unreachable', 'http')),
  -- When a pending delivery may be tried next; a claimed one is leased until then.
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  unique (event_id, endpoint_id),
  foreign key (salon_id, event_id) references webhook_events (salon_id, id) on delete cascade,
  -- An endpoint removed takes its deliveries, pending ones included.
  foreign key (salon_id, endpoint_id) references webhook_endpoints (salon_id, id) on delete cascade
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_order on webhook_deliveries (endpoint_id, subject_id, event_seq) where status = 'pending';
create index webhook_deliveries_log on webhook_deliveries (endpoint_id, created_at desc, id);

alter table webhook_endpoints enable row level security;
create policy webhook_endpoints_of_salon on webhook_endpoints
  using (salon_id = app_setting('app.salon_id')) with check (salon_id = app_setting('app.salon_id'));
alter table webhook_events enable row level security;
create policy webhook_events_of_salon on webhook_events
  using (salon_id = app_setting('app.salon_id')) with check (salon_id = app_setting('app.salon_id'));
alter table webhook_deliveries enable row level security;
create policy webhook_deliveries_of_salon on webhook_deliveries
  using (salon_id = app_setting('app.salon_id')) with check (salon_id = app_setting('app.salon_id'));
grant select, insert, update, delete on webhook_endpoints, webhook_events, webhook_deliveries to recepta_app;

-- An instant as the payloads give it: ISO 8601 in UTC, as JavaScript writes it.
create function webhook_instant(at timestamptz) returns text
language sql immutable set search_path = public as $$
  select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- Writes an event and a delivery for each enabled endpoint of the salon subscribed to its type;
-- nothing at all when none is, so a salon without webhooks keeps no outbox. Answers the
-- deliveries made.
create function record_webhook_event(salon uuid, event_type text, subject uuid, data jsonb)
returns setof uuid
language plpgsql set search_path = public as $$
declare
  event webhook_events;
begin
  if not exists (select from webhook_endpoints e where e.salon_id = salon and e.enabled and event_type = any (e.events)) then
    return;
  end if;
  insert into webhook_events (salon_id, type, subject_id, payload)
  values (salon, event_type, subject, jsonb_build_object('type', event_type, 'timestamp', webhook_instant(now()), 'data', data))
  returning * into event;
  return query
    insert into webhook_deliveries (salon_id, event_id, endpoint_id, subject_id, event_seq)
    select salon, event.id, e.id, subject, event.seq
    from webhook_endpoints e where e.salon_id = salon and e.enabled and event_type = any (e.events)
    returning id;
end
$$;
revoke execute on function record_webhook_event(uuid, text, uuid, jsonb) from public;
grant execute on function record_webhook_event(uuid, text, uuid, jsonb) to recepta_app;

-- A call is complete when its outcome and summary are settled: summarised, given up, or
-- skipped (nobody spoke). That happens wherever a call ends or is summarised, cron or
-- session; this trigger sees them all, once per call. The public demo's calls are nobody's.
create function call_completed_webhook() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  perform record_webhook_event(new.salon_id, 'call.completed', new.id, jsonb_build_object(
    'id', new.id,
    'direction', new.direction,
    'from', new.from_number,
    'to', new.to_number,
    'started_at', webhook_instant(new.call_started_at),
    'duration', new.call_duration,
    'outcome', new.outcome,
    'summary', new.summary,
    'follow_up', new.follow_up,
    'follow_up_reason', new.follow_up_reason
  ));
  return null;
end
$$;
revoke execute on function call_completed_webhook() from public;

create trigger calls_completed_webhook after update of summary_state on calls
  for each row when (old.summary_state = 'pending' and new.summary_state <> 'pending' and not new.is_demo)
  execute function call_completed_webhook();

-- The cron runs before any salon is known: this narrow definer function only names the
-- deliveries due (their endpoint on, no earlier event of their subject still pending to that
-- endpoint), oldest event first, and whose they are.
create function due_webhook_deliveries(batch int)
returns table (delivery_id uuid, endpoint_id uuid, salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select d.id, d.endpoint_id, d.salon_id, s.owner_id
  from webhook_deliveries d
  join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
  join salons s on s.id = d.salon_id
  where d.status = 'pending' and d.next_attempt_at <= now()
    and not exists (
      select from webhook_deliveries p
      where p.endpoint_id = d.endpoint_id and p.subject_id = d.subject_id and p.status = 'pending' and p.event_seq < d.event_seq)
  order by d.event_seq
  limit batch
$$;
revoke execute on function due_webhook_deliveries(int) from public;
grant execute on function due_webhook_deliveries(int) to recepta_app;

-- Events are kept a month for the deliveries' log; older ones, with their deliveries, go.
create function prune_webhook_events(keep_days int)
returns void
language sql volatile security definer set search_path = public as $$
  delete from webhook_events ev
  where ev.created_at < now() - make_interval(days => keep_days)
    and not exists (select from webhook_deliveries d where d.event_id = ev.id and d.status = 'pending')
$$;
revoke execute on function prune_webhook_events(int) from public;
grant execute on function prune_webhook_events(int) to recepta_app;
