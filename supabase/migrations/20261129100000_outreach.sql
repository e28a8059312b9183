-- Proactive outreach: the salon's waitlist, and the assistant offering time that came free
-- (a cancellation, a move, the owner's "Fill gaps") to the clients waiting for one, by SMS
-- first and then by an outbound call. Every offer is a row: on the client and on the time.

-- How outreach runs. One row per salon, made with the salon; off until the owner switches it on.
create table outreach_settings (
  salon_id uuid primary key references salons (id) on delete cascade,
  enabled boolean not null default false,
  -- Also offer time to regular clients due for their usual service who agreed to hear from the salon.
  include_regulars boolean not null default false,
  -- How many clients one SMS round offers a time to at once; the first YES takes it.
  sms_round int not null default 3 check (sms_round between 1 and 5),
  -- Minutes an SMS round waits for a YES before the next step (a call, or the next round).
  answer_minutes int not null default 30 check (answer_minutes in (15, 30, 60, 120)),
  calls_enabled boolean not null default false,
  -- What an answering machine hears: a short message in the client's language, or nothing.
  voicemail text not null default 'message' check (voicemail in ('message', 'none')),
  -- Offers (texts and calls) per day of the salon's clock.
  daily_cap int not null default 20 check (daily_cap between 1 and 200),
  updated_at timestamptz not null default now()
);

insert into outreach_settings (salon_id) select id from salons;

create function add_outreach_settings() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  insert into outreach_settings (salon_id) values (new.id) on conflict do nothing;
  return null;
end
$$;
revoke execute on function add_outreach_settings() from public;
create trigger salons_outreach_settings after insert on salons
  for each row execute function add_outreach_settings();

-- Children name (salon_id, stylist_id) and (salon_id, service_id), so no link crosses salons.
alter table stylists add constraint stylists_salon_row unique (salon_id, id);
alter table services add constraint services_salon_row unique (salon_id, id);

-- A client waiting for a time: what they want done, by whom, on which days and hours.
create table client_waitlist (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  client_id uuid,
  name text not null check (length(name) between 1 and 120),
  -- E.164: where the offer goes.
  phone text not null check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  language text not null check (language in ('en', 'de', 'cs')),
  -- Null: anyone.
  stylist_id uuid,
  -- ISO weekdays (1 Monday … 7 Sunday) the client can come on.
  weekdays smallint[] not null check (cardinality(weekdays) between 1 and 7 and weekdays <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[]),
  -- The appointment starts at or after from_time and ends by until_time, on the salon's clock.
  from_time time not null,
  until_time time not null,
  from_date date not null,
  -- The wish lapses after this day.
  until_date date not null,
  note text check (length(note) <= 500),
  source text not null check (source in ('dashboard', 'voice', 'online')),
  status text not null default 'waiting' check (status in ('waiting', 'booked', 'removed', 'expired')),
  appointment_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (from_time < until_time),
  check (from_date <= until_date),
  unique (salon_id, id),
  foreign key (salon_id, client_id) references clients (salon_id, id) on delete set null (client_id),
  foreign key (salon_id, stylist_id) references stylists (salon_id, id) on delete set null (stylist_id),
  foreign key (salon_id, appointment_id) references appointments (salon_id, id) on delete set null (appointment_id)
);
-- The matcher's question: who is waiting in this salon, in order of joining.
create index client_waitlist_waiting on client_waitlist (salon_id, created_at) where status = 'waiting';
create index client_waitlist_client on client_waitlist (salon_id, client_id) where client_id is not null;

create table client_waitlist_services (
  salon_id uuid not null,
  entry_id uuid not null,
  service_id uuid not null,
  position smallint not null,
  primary key (entry_id, position),
  foreign key (salon_id, entry_id) references client_waitlist (salon_id, id) on delete cascade,
  foreign key (salon_id, service_id) references services (salon_id, id) on delete cascade
);

-- A stretch of a stylist's day that came free and is being offered.
create table outreach_slots (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  stylist_id uuid not null,
  start_at timestamptz not null,
  end_at timestamptz not null,
  trigger text not null check (trigger in ('cancelled', 'moved', 'fill_gaps')),
  -- The appointment whose cancellation or move freed it.
  freed_by uuid,
  -- open: offers go out; filled: a client took it; taken: someone else booked the time;
  -- expired: it came too close; exhausted: nobody left to offer it to; stopped: the owner or the switch.
  status text not null default 'open' check (status in ('open', 'filled', 'taken', 'expired', 'exhausted', 'stopped')),
  appointment_id uuid,
  -- When the engine looks at it next: the end of a round's wait, a quiet night's end.
  next_step_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  check (start_at < end_at),
  unique (salon_id, id),
  foreign key (salon_id, stylist_id) references stylists (salon_id, id) on delete cascade,
  foreign key (salon_id, freed_by) references appointments (salon_id, id) on delete set null (freed_by),
  foreign key (salon_id, appointment_id) references appointments (salon_id, id) on delete set null (appointment_id)
);
create index outreach_slots_salon on outreach_slots (salon_id, created_at desc);
-- The cron's question across salons: open slots whose next step is due.
create index outreach_slots_due on outreach_slots (next_step_at) where status = 'open';
-- One open slot per stylist and start: a second trigger for the same freed time adds nothing.
create unique index outreach_slots_one_open on outreach_slots (salon_id, stylist_id, start_at) where status = 'open';

-- One offer of a slot to one client, by text or by call.
create table outreach_attempts (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  slot_id uuid not null,
  entry_id uuid,
  client_id uuid,
  name text check (length(name) <= 120),
  phone text not null check (length(phone) <= 64),
  language text not null check (language in ('en', 'de', 'cs')),
  channel text not null check (channel in ('sms', 'call')),
  -- The appointment offered: the client's services at this time with the slot's stylist.
  start_at timestamptz not null,
  end_at timestamptz not null,
  service_ids jsonb not null default '[]',
  -- offered: sent or ringing; accepted: booked; declined: said no; expired: no answer in time;
  -- taken: the time went to someone else; skipped: never sent (reason); failed: not delivered
  -- or the call failed; no_answer, busy, voicemail: a call's ends.
  status text not null default 'offered' check (status in (
    'offered', 'accepted', 'declined', 'expired', 'taken', 'skipped', 'failed', 'no_answer', 'busy', 'voicemail'
  )),
  reason text check (reason in ('invalid_number', 'not_mobile', 'opted_out', 'no_sender', 'channel_off', 'not_configured')),
  expires_at timestamptz not null,
  call_id uuid,
  appointment_id uuid,
  created_at timestamptz not null default now(),
  answered_at timestamptz,
  check ((status = 'skipped') = (reason is not null)),
  unique (salon_id, id),
  foreign key (salon_id, slot_id) references outreach_slots (salon_id, id) on delete cascade,
  foreign key (salon_id, entry_id) references client_waitlist (salon_id, id) on delete set null (entry_id),
  foreign key (salon_id, client_id) references clients (salon_id, id) on delete set null (client_id),
  foreign key (salon_id, appointment_id) references appointments (salon_id, id) on delete set null (appointment_id)
);
create index outreach_attempts_slot on outreach_attempts (salon_id, slot_id, created_at);
create index outreach_attempts_client on outreach_attempts (salon_id, client_id, created_at desc) where client_id is not null;
-- A reply finds the offer made to its number; the daily limits count a number's and a salon's offers.
create index outreach_attempts_phone on outreach_attempts (salon_id, phone, created_at desc);
create index outreach_attempts_call on outreach_attempts (call_id) where call_id is not null;

-- An offer's SMS is a client message like a confirmation: sent, retried and reported on the same way.
alter table client_messages alter column appointment_id drop not null;
alter table client_messages add column attempt_id uuid,
  add constraint client_messages_attempt_fkey foreign key (salon_id, attempt_id)
    references outreach_attempts (salon_id, id) on delete cascade;
alter table client_messages drop constraint client_messages_kind_check;
alter table client_messages add constraint client_messages_kind_check check (kind in ('booked', 'moved', 'cancelled', 'reminder', 'offer'));
alter table client_messages add constraint client_messages_subject check (
  (kind = 'offer') = (attempt_id is not null) and (kind = 'offer' or appointment_id is not null)
);
create unique index client_messages_one_offer on client_messages (attempt_id, channel) where attempt_id is not null;

-- A booking an offer brought in is marked as such in the calendar.
alter table appointments drop constraint appointments_source_check;
alter table appointments add constraint appointments_source_check check (source in ('dashboard', 'voice', 'online', 'outreach'));

alter table outreach_settings enable row level security;
create policy outreach_settings_of_salon on outreach_settings
  using (salon_id = app_setting('app.salon_id')) with check (salon_id = app_setting('app.salon_id'));
alter table client_waitlist enable row level security;
create policy client_waitlist_of_salon on client_waitlist
  using (salon_id = app_setting('app.salon_id')) with check (salon_id = app_setting('app.salon_id'));
alter table client_waitlist_services enable row level security;
create policy client_waitlist_services_of_salon on client_waitlist_services
  using (salon_id = app_setting('app.salon_id')) with check (salon_id = app_setting('app.salon_id'));
alter table outreach_slots enable row level security;
create policy outreach_slots_of_salon on outreach_slots
  using (salon_id = app_setting('app.salon_id')) with check (salon_id = app_setting('app.salon_id'));
alter table outreach_attempts enable row level security;
create policy outreach_attempts_of_salon on outreach_attempts
  using (salon_id = app_setting('app.salon_id')) with check (salon_id = app_setting('app.salon_id'));
grant select, insert, update, delete on outreach_settings, client_waitlist, client_waitlist_services, outreach_slots, outreach_attempts to recepta_app;

-- The cron runs before any salon is known: this narrow definer function only names the open
-- slots whose next step is due and whose they are.
create function due_outreach_slots(batch int)
returns table (slot_id uuid, salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select o.id, o.salon_id, s.owner_id
  from outreach_slots o join salons s on s.id = o.salon_id
  where o.status = 'open' and o.next_step_at <= now()
  order by o.next_step_at
  limit batch
$$;

-- Whose offer a call's webhook is about (Twilio's request is signed and names the attempt).
create function outreach_attempt_tenant(attempt uuid)
returns table (salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select a.salon_id, s.owner_id from outreach_attempts a join salons s on s.id = a.salon_id where a.id = attempt
$$;

revoke execute on function due_outreach_slots(int), outreach_attempt_tenant(uuid) from public;
grant execute on function due_outreach_slots(int), outreach_attempt_tenant(uuid) to recepta_app;
