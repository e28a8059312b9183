-- Calls answered by the voice assistants, what was said and done in them, and the ways a
-- call finds its salon before any salon is known (the public demo, a dashboard test call's
-- ticket, a phone number).

-- The assistant the home page's call demo talks to. At most one in the whole product.
alter table assistant_configs add column public_demo boolean not null default false;
create unique index assistant_configs_one_public_demo on assistant_configs (public_demo) where public_demo;

create table calls (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  assistant_config_id uuid,
  -- Kept when the assistant is deleted, so old calls still say who answered.
  assistant_name text,
  direction text not null check (direction in ('inbound', 'outbound')),
  -- 'browser' for the demo and dashboard test calls; E.164 numbers for phone calls.
  from_number text,
  to_number text,
  call_started_at timestamptz not null default now(),
  call_ended_at timestamptz,
  call_duration int check (call_duration >= 0),
  call_status text not null default 'in-progress'
    check (call_status in ('in-progress', 'completed', 'failed', 'busy', 'no-answer', 'canceled')),
  caller_city text,
  caller_state text,
  caller_country text,
  -- US dollars, as the speech model and the telephony provider bill them.
  model_cost numeric(12, 6) not null default 0,
  telephony_cost numeric(12, 6),
  total_price numeric(12, 6) generated always as (model_cost + coalesce(telephony_cost, 0)) stored,
  -- Token counts summed over the call's responses: {input_text, input_audio, input_cached, output_text, output_audio}.
  usage jsonb not null default '{}',
  -- The instructions exactly as the model received them in this call.
  instructions text,
  is_demo boolean not null default false,
  -- Twilio's CallSid for phone calls.
  provider_call_id text unique,
  constraint calls_assistant_fkey foreign key (assistant_config_id, salon_id)
    references assistant_configs (id, salon_id) on delete set null (assistant_config_id)
);
-- The Calls screen pages newest first; stats read a salon's calls in a time range.
create index calls_salon_started on calls (salon_id, call_started_at desc, id desc);
-- Counting the demo calls still running, for the concurrency cap.
create index calls_demo_running on calls (call_started_at) where is_demo and call_status = 'in-progress';

create table call_items (
  id uuid primary key default gen_random_uuid(),
  call_id uuid not null references calls (id) on delete cascade,
  salon_id uuid not null references salons (id) on delete cascade,
  position int not null,
  item_type text not null check (item_type in ('conversation', 'function_call')),
  role text check (role in ('user', 'assistant', 'system')),
  content text,
  is_truncated boolean not null default false,
  function_name text,
  status text check (status in ('successful', 'failed', 'attempted')),
  arguments text,
  result text,
  error text,
  created_at timestamptz not null default now(),
  unique (call_id, position),
  check ((item_type = 'conversation') = (role is not null))
);

alter table calls enable row level security;
create policy calls_of_salon on calls
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));

alter table call_items enable row level security;
create policy call_items_of_salon on call_items
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));

grant select, insert, update, delete on calls, call_items to recepta_app;

-- A dashboard test call: browsers cannot put a bearer token on a WebSocket, so the signed-in
-- owner first gets a ticket that opens one call of one assistant, once, within a minute.
create table call_tickets (
  token_hash bytea primary key,
  salon_id uuid not null references salons (id) on delete cascade,
  assistant_config_id uuid not null,
  expires_at timestamptz not null,
  foreign key (assistant_config_id, salon_id) references assistant_configs (id, salon_id) on delete cascade
);
create index call_tickets_expiry on call_tickets (expires_at);

alter table call_tickets enable row level security;
create policy call_tickets_of_salon on call_tickets
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));
grant select, insert, delete on call_tickets to recepta_app;

-- The three lookups that run before a salon is known. Each is narrow and answers with the
-- salon, its owner (a call acts on the owner's behalf: salons are visible to their owner) and
-- the assistant only, so row-level security still guards everything read afterwards.

-- The public demo's assistant, by its id or by the word 'default'.
create function public_demo_assistant(wanted text)
returns table (salon_id uuid, owner_id uuid, assistant_config_id uuid)
language sql stable security definer set search_path = public as $$
  select a.salon_id, s.owner_id, a.id from assistant_configs a join salons s on s.id = a.salon_id
  where a.public_demo and a.is_active and (wanted = 'default' or a.id::text = wanted)
$$;

-- Spends a test-call ticket: it opens the named assistant once, before it expires.
create function redeem_call_ticket(hash bytea, wanted uuid)
returns table (salon_id uuid, owner_id uuid, assistant_config_id uuid)
language sql volatile security definer set search_path = public as $$
  delete from call_tickets t using salons s
  where t.token_hash = hash and t.assistant_config_id = wanted and t.expires_at > now() and s.id = t.salon_id
  returning t.salon_id, s.owner_id, t.assistant_config_id
$$;

-- The salon and assistant an incoming phone call is for.
create function phone_number_target(dialled text)
returns table (salon_id uuid, owner_id uuid, assistant_config_id uuid, phone_number_id uuid)
language sql stable security definer set search_path = public as $$
  select p.salon_id, s.owner_id, p.assistant_config_id, p.id
  from phone_numbers p join salons s on s.id = p.salon_id where p.phone_number = dialled
$$;

revoke execute on function public_demo_assistant(text), redeem_call_ticket(bytea, uuid), phone_number_target(text) from public;
grant execute on function public_demo_assistant(text), redeem_call_ticket(bytea, uuid), phone_number_target(text) to recepta_app;
