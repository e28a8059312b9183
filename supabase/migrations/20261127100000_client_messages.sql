-- What a salon sends its clients: a confirmation when an appointment is booked, moved or
-- cancelled, and a reminder before it, by SMS and by email. Every message is a row written in
-- the transaction of the change that causes it (or by the cron, for reminders) and then sent
-- by the Worker, so a message exists exactly when its reason does and is sent at most once.

-- How the salon's messages go out. One row per salon, made with the salon.
create table message_settings (
  salon_id uuid primary key references salons (id) on delete cascade,
  sms_enabled boolean not null default true,
  email_enabled boolean not null default true,
  -- Hours before the appointment; null sends no reminder.
  reminder_hours int default 24 check (reminder_hours in (2, 24, 48)),
  -- No SMS between these wall-clock times of the salon; one due then waits for quiet_end.
  quiet_start time not null default '21:00',
  quiet_end time not null default '08:00',
  -- Closer to the appointment than this, the client's link no longer changes it.
  cancellation_notice_hours int not null default 24 check (cancellation_notice_hours between 0 and 168),
  -- An alphanumeric sender ID shown instead of a number where the network allows one.
  sender_name text check (sender_name ~ '^[A-Za-z0-9 ]{1,11}$' and sender_name ~ '[A-Za-z]'),
  updated_at timestamptz not null default now()
);

insert into message_settings (salon_id) select id from salons;

create function add_message_settings() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  insert into message_settings (salon_id) values (new.id) on conflict do nothing;
  return null;
end
$$;
revoke execute on function add_message_settings() from public;
create trigger salons_message_settings after insert on salons
  for each row execute function add_message_settings();

-- A message's appointment must be of the same salon.
alter table appointments add constraint appointments_salon_row unique (salon_id, id);

create table client_messages (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  appointment_id uuid not null,
  client_id uuid,
  kind text not null check (kind in ('booked', 'moved', 'cancelled', 'reminder')),
  channel text not null check (channel in ('sms', 'email')),
  -- What makes a message the same message: a confirmation's change, a reminder's start time
  -- in epoch seconds (an appointment moved is reminded of again, once). Unique, so a second cron run, a retry
  -- or a race writes nothing new.
  dedupe_key text not null,
  language text not null check (language in ('en', 'de', 'cs')),
  -- The number (E.164) or address; null when the client has none.
  recipient text check (length(recipient) <= 254),
  -- An SMS's From (a number or sender name), an email's From and Reply-To.
  sender text check (length(sender) <= 200),
  reply_to text check (length(reply_to) <= 254),
  subject text check (length(subject) <= 300),
  body text not null check (length(body) <= 4000),
  html_body text check (length(html_body) <= 20000),
  -- queued → sending → sent → delivered, or failed; skipped when it was never to be sent.
  state text not null default 'queued' check (state in ('queued', 'sending', 'sent', 'delivered', 'failed', 'skipped')),
  skip_reason text check (skip_reason in (
    'no_recipient', 'invalid_recipient', 'not_mobile', 'opted_out', 'channel_off', 'no_sender', 'too_late', 'cancelled', 'limit'
  )),
  attempts int not null default 0,
  due_at timestamptz not null default now(),
  -- While sending: until when this attempt holds it; an instance that dies lets it go then.
  lease_until timestamptz,
  provider_id text check (length(provider_id) <= 100),
  error text check (length(error) <= 500),
  -- What Twilio charged, in US dollars, once it has rated the message, and the rate of the day.
  price_usd numeric(10, 5),
  eur_per_usd numeric(10, 6),
  segments int,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  status_at timestamptz,
  unique (salon_id, appointment_id, kind, channel, dedupe_key),
  check ((state = 'skipped') = (skip_reason is not null)),
  foreign key (salon_id, appointment_id) references appointments (salon_id, id) on delete cascade,
  foreign key (salon_id, client_id) references clients (salon_id, id) on delete set null (client_id)
);
-- An appointment's messages, newest first, on its dialog.
create index client_messages_appointment on client_messages (salon_id, appointment_id, created_at desc);
-- The cron's question: what is due, across salons.
create index client_messages_due on client_messages (due_at) where state in ('queued', 'sending');
create unique index client_messages_provider on client_messages (provider_id) where provider_id is not null;

-- A number that replied STOP, an address that unsubscribed: no more messages from this salon.
create table message_opt_outs (
  salon_id uuid not null references salons (id) on delete cascade,
  channel text not null check (channel in ('sms', 'email')),
  -- E.164, or the address in lower case.
  address text not null check (length(address) <= 254),
  created_at timestamptz not null default now(),
  primary key (salon_id, channel, address)
);

alter table message_settings enable row level security;
create policy message_settings_of_salon on message_settings
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));
alter table client_messages enable row level security;
create policy client_messages_of_salon on client_messages
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));
alter table message_opt_outs enable row level security;
create policy message_opt_outs_of_salon on message_opt_outs
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));
grant select, insert, update, delete on message_settings, client_messages, message_opt_outs to recepta_app;

-- The cron runs before any salon is known, so these narrow definer functions only name rows
-- and whose they are; the work on each happens in its own salon's transaction.

-- Messages due to be sent: queued and due, or sending with a lease that ran out.
create function due_client_messages(batch int)
returns table (message_id uuid, salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select m.id, m.salon_id, s.owner_id
  from client_messages m join salons s on s.id = m.salon_id
  where m.due_at <= now() and (m.state = 'queued' or (m.state = 'sending' and m.lease_until < now()))
  order by m.due_at
  limit batch
$$;

-- Appointments whose reminder time has come and that have no reminder for their start yet.
-- One booked or moved after that time was confirmed with its time already; it gets none.
create function due_reminders(batch int)
returns table (appointment_id uuid, salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select a.id, a.salon_id, s.owner_id
  from appointments a
  join salons s on s.id = a.salon_id
  join message_settings ms on ms.salon_id = a.salon_id
  where a.status = 'booked'
    and ms.reminder_hours is not null
    and a.start_at > now()
    and a.start_at <= now() + make_interval(hours => ms.reminder_hours)
    and a.updated_at < a.start_at - make_interval(hours => ms.reminder_hours)
    and not exists (
      select from client_messages m
      where m.salon_id = a.salon_id and m.appointment_id = a.id and m.kind = 'reminder'
        and m.dedupe_key = extract(epoch from a.start_at)::bigint::text
    )
  order by a.start_at
  limit batch
$$;
create index appointments_upcoming on appointments (start_at) where status = 'booked';

-- Whose message a provider's status report is about.
create function client_message_tenant(message uuid)
returns table (salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select m.salon_id, s.owner_id from client_messages m join salons s on s.id = m.salon_id where m.id = message
$$;

-- Whose appointment a client's signed link is about (the signature is checked before).
create function appointment_tenant(appointment uuid)
returns table (salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select a.salon_id, s.owner_id from appointments a join salons s on s.id = a.salon_id where a.id = appointment
$$;

revoke execute on function due_client_messages(int), due_reminders(int), client_message_tenant(uuid), appointment_tenant(uuid) from public;
grant execute on function due_client_messages(int), due_reminders(int), client_message_tenant(uuid), appointment_tenant(uuid) to recepta_app;
