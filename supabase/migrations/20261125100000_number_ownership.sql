-- A number takes calls only once the salon is known to control it: bought through the
-- product, verified by a call that speaks a code, or assigned by the operator. Typing a number
-- in claims nothing, so several salons may hold the same number unverified; one alone may
-- hold it active, and when one does, the others' claims are dropped (released).

alter table phone_numbers
  add column status text not null default 'unverified'
    check (status in ('active', 'unverified', 'verifying', 'released')),
  add column source text not null default 'own' check (source in ('bought', 'own', 'assigned')),
  -- Twilio's IncomingPhoneNumber sid of a number bought here, released with the row.
  add column twilio_sid text unique check (twilio_sid ~ '^PN[0-9a-fA-F]{32}$'),
  add column activated_at timestamptz,
  add column released_at timestamptz,
  -- The live verification: a SHA-256 of the row's id and the spoken code, when it stops
  -- counting, the wrong codes given, and the verification call's Twilio sid and status.
  add column verify_code_hash bytea,
  add column verify_expires_at timestamptz,
  add column verify_tries int not null default 0,
  add column verify_call_sid text,
  add column verify_call_status text,
  add constraint phone_numbers_bought_sid check ((source = 'bought') = (twilio_sid is not null)),
  add constraint phone_numbers_verifying check (status <> 'verifying' or (verify_code_hash is not null and verify_expires_at is not null));

-- Numbers typed in before this change proved nothing; their owners verify them once.
update phone_numbers set status = 'unverified';

alter table phone_numbers drop constraint phone_numbers_number_key;
alter table phone_numbers add constraint phone_numbers_salon_number_key unique (salon_id, phone_number);
create unique index phone_numbers_active_number on phone_numbers (phone_number) where status = 'active';
create index phone_numbers_verify_call on phone_numbers (verify_call_sid) where verify_call_sid is not null;

-- Only an active number rings an assistant.
create or replace function phone_number_target(dialled text)
returns table (salon_id uuid, owner_id uuid, assistant_config_id uuid, phone_number_id uuid)
language sql stable security definer set search_path = public as $$
  select p.salon_id, s.owner_id, p.assistant_config_id, p.id
  from phone_numbers p join salons s on s.id = p.salon_id where p.phone_number = dialled and p.status = 'active'
$$;

-- Whether a number already rings some salon: a verification call to it is not placed.
create function phone_number_is_active(wanted text) returns boolean
language sql stable security definer set search_path = public as $$
  select exists (select from phone_numbers where phone_number = wanted and status = 'active')
$$;

-- Makes one of the current salon's numbers active and drops every other salon's claim to the
-- same number, answering those claims' owners (to be told). A number active elsewhere
-- already fails on phone_numbers_active_number (23505).
create function activate_phone_number(row_id uuid)
returns table (number text, owner_email text, owner_language text)
language plpgsql volatile security definer set search_path = public as $$
declare
  activated text;
begin
  update phone_numbers set status = 'active', activated_at = now(), released_at = null,
    verify_code_hash = null, verify_expires_at = null, verify_tries = 0, updated_at = now()
  where id = row_id and salon_id = app_setting('app.salon_id')
  returning phone_number into activated;
  if activated is null then
    return;
  end if;
  return query
    with dropped as (
      update phone_numbers p set status = 'released', released_at = now(), assistant_config_id = null,
        verify_code_hash = null, verify_expires_at = null, verify_tries = 0, updated_at = now()
      where p.phone_number = activated and p.id <> row_id and p.status <> 'released'
      returning p.salon_id
    )
    select activated, u.email::text, u.language from dropped d join salons s on s.id = d.salon_id join users u on u.id = s.owner_id;
end
$$;

revoke execute on function phone_number_is_active(text), activate_phone_number(uuid) from public;
grant execute on function phone_number_is_active(text), activate_phone_number(uuid) to recepta_app;

-- Twilio's progress of a verification call, from its status callback (before any salon is
-- known: the callback names the row). Twilio may call back before the product has stored the
-- call's sid; the first callback then stores it. One for another call changes nothing.
create function record_verification_call(row_id uuid, call_sid text, call_status text) returns void
language sql volatile security definer set search_path = public as $$
  update phone_numbers set verify_call_sid = call_sid, verify_call_status = call_status
  where id = row_id and status = 'verifying' and coalesce(verify_call_sid, call_sid) = call_sid
$$;

revoke execute on function record_verification_call(uuid, text, text) from public;
grant execute on function record_verification_call(uuid, text, text) to recepta_app;
