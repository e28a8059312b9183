-- Voice assistants of a salon and the phone numbers that ring them.

create table assistant_configs (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  name text not null check (length(name) between 1 and 80),
  voice_name text not null default 'coral'
    check (voice_name in ('alloy', 'ash', 'ballad', 'coral', 'echo', 'sage', 'shimmer', 'verse')),
  temperature double precision not null default 0.7 check (temperature between 0.6 and 1),
  max_tokens int not null default 1500 check (max_tokens between 100 and 4096),
  -- A template: the voice engine fills in the salon's data ({{salon_name}}, ...) at call time.
  system_prompt text not null,
  initial_greeting text not null,
  -- {threshold, prefix_padding_ms, silence_duration_ms, create_response}
  vad_settings jsonb not null,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The target of phone_numbers' same-salon foreign key.
  unique (id, salon_id)
);
create index assistant_configs_salon on assistant_configs (salon_id, created_at);

-- A number rings one assistant, so it exists once across all salons. It is stored in E.164.
create table phone_numbers (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  phone_number text not null check (phone_number ~ '^\+[1-9][0-9]{6,14}$'),
  phone_name text check (length(phone_name) <= 80),
  assistant_config_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint phone_numbers_number_key unique (phone_number),
  -- Through salon_id the assistant must be one of the same salon. Deleting it leaves the
  -- number without an assistant; only that column is cleared, the salon stays.
  constraint phone_numbers_assistant_fkey foreign key (assistant_config_id, salon_id)
    references assistant_configs (id, salon_id) on delete set null (assistant_config_id)
);
create index phone_numbers_salon on phone_numbers (salon_id, created_at);
create index phone_numbers_assistant on phone_numbers (assistant_config_id, salon_id);

alter table assistant_configs enable row level security;
create policy assistant_configs_of_salon on assistant_configs
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));

alter table phone_numbers enable row level security;
create policy phone_numbers_of_salon on phone_numbers
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));

grant select, insert, update, delete on assistant_configs, phone_numbers to recepta_app;
