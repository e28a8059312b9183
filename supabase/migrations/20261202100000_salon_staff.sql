-- Salon staff: members with roles beside the owner, invitations, and who changed an appointment.
-- The worker checks every role on its routes; the policies below hold the same rules for
-- what matters most should a route ever forget: settings are written only by owners and
-- managers, a stylist writes only their own appointments, calls stay with those who see calls.

-- ---- members ------------------------------------------------------------------------------
alter table salon_members
  -- A stylist member is one of the salon's stylists: their appointments and their hours.
  add column stylist_id uuid,
  -- The name the salon knows the person by (the invitation's); the address otherwise.
  add column name text check (char_length(name) <= 80),
  add constraint salon_members_stylist foreign key (salon_id, stylist_id) references stylists (salon_id, id) on delete cascade,
  add constraint salon_members_stylist_role check ((role = 'stylist') = (stylist_id is not null));
-- One login per stylist record.
create unique index salon_members_one_per_stylist on salon_members (salon_id, stylist_id) where stylist_id is not null;

-- The salon a person last chose to work in; where they start next time, on any device.
alter table users add column last_salon_id uuid references salons (id) on delete set null;

-- A person may own several salons now (one made, others handed over); the race of two first
-- requests making a salon at once is kept apart by a lock in the worker instead.
alter table salons drop constraint salons_owner_id_key;
create index salons_owner on salons (owner_id);

-- The role of the person acting in the salon of the transaction; none outside one.
create function app_role() returns text language sql stable as $$
  select role from salon_members where salon_id = app_setting('app.salon_id') and user_id = app_setting('app.user_id')
$$;
create function app_stylist() returns uuid language sql stable as $$
  select stylist_id from salon_members where salon_id = app_setting('app.salon_id') and user_id = app_setting('app.user_id')
$$;
-- (select …) makes PostgreSQL ask once per statement, not once per row.
create function app_manages() returns boolean language sql stable as $$
  select coalesce((select app_role()) in ('owner', 'manager'), false)
$$;

-- Only owners and managers change who belongs; only an owner touches an owner. A person may
-- always leave (the worker keeps the last owner from it).
create policy salon_members_by_role_insert on salon_members as restrictive for insert
  with check (app_manages() and (role <> 'owner' or (select app_role()) = 'owner'));
create policy salon_members_by_role_update on salon_members as restrictive for update
  using (app_manages() and (role <> 'owner' or (select app_role()) = 'owner'))
  with check (app_manages() and (role <> 'owner' or (select app_role()) = 'owner'));
create policy salon_members_by_role_delete on salon_members as restrictive for delete
  using (user_id = app_setting('app.user_id') or (app_manages() and (role <> 'owner' or (select app_role()) = 'owner')));

-- ---- invitations ----------------------------------------------------------------------------
-- An invitation to join a salon with a role, sent by mail with a single-use link. Only a
-- SHA-256 of the link's token is kept; sending it again makes a new token.
create table salon_invitations (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  email citext not null check (char_length(email) <= 254),
  name text check (char_length(name) <= 80),
  role text not null check (role in ('owner', 'manager', 'front_desk', 'stylist')),
  stylist_id uuid,
  invited_by uuid references users (id) on delete set null,
  token_hash bytea not null unique,
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by uuid references users (id) on delete set null,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  constraint salon_invitations_stylist foreign key (salon_id, stylist_id) references stylists (salon_id, id) on delete cascade,
  constraint salon_invitations_stylist_role check ((role = 'stylist') = (stylist_id is not null))
);
-- One open invitation per address and salon; an ended one stays for the record.
create unique index salon_invitations_open on salon_invitations (salon_id, email) where accepted_at is null and revoked_at is null;
create index salon_invitations_accepted_by on salon_invitations (accepted_by) where accepted_by is not null;

alter table salon_invitations enable row level security;
create policy salon_invitations_of_salon on salon_invitations
  using (salon_id = app_setting('app.salon_id')) with check (salon_id = app_setting('app.salon_id'));
create policy salon_invitations_by_role on salon_invitations as restrictive
  using (app_manages()) with check (app_manages() and (role <> 'owner' or (select app_role()) = 'owner'));
grant select, insert, update, delete on salon_invitations to recepta_app;

-- The invitation of a link's token, read before anyone is in its salon (the link's page, a
-- registration with it). Nothing but this one row by its hash.
create function invitation_by_token(hash bytea)
returns table (id uuid, salon_id uuid, owner_id uuid, salon_name text, email citext, role text, invited_by text,
  expires_at timestamptz, accepted_at timestamptz, accepted_by uuid, revoked_at timestamptz)
language sql stable security definer set search_path = public as $$
  select i.id, i.salon_id, s.owner_id, s.name, i.email, i.role, coalesce(m.name, u.email::text), i.expires_at, i.accepted_at, i.accepted_by, i.revoked_at
  from salon_invitations i join salons s on s.id = i.salon_id
  left join users u on u.id = i.invited_by
  left join salon_members m on m.salon_id = i.salon_id and m.user_id = i.invited_by
  where i.token_hash = hash
$$;
revoke execute on function invitation_by_token(bytea) from public;
grant execute on function invitation_by_token(bytea) to recepta_app;

-- Whether a person ever joined a salon by invitation. One whose membership has ended is not
-- given a salon of their own by signing in again.
create function joined_by_invitation(person uuid) returns boolean
language sql stable security definer set search_path = public as $$
  select exists (select 1 from salon_invitations where accepted_by = person)
$$;
revoke execute on function joined_by_invitation(uuid) from public;
grant execute on function joined_by_invitation(uuid) to recepta_app;

-- ---- settings are the managers' --------------------------------------------------------------
do $$
declare
  settings_table text;
  command text;
begin
  foreach settings_table in array array['services', 'assistant_configs', 'phone_numbers', 'message_settings', 'booking_pages',
    'outreach_settings', 'calendar_feeds', 'api_keys', 'stylist_calendars', 'webhook_endpoints', 'salon_questions', 'call_tickets']
  loop
    foreach command in array array['insert', 'update', 'delete'] loop
      execute format('create policy %I on %I as restrictive for %s %s (app_manages())',
        settings_table || '_by_role_' || command, settings_table, command, case when command = 'insert' then 'with check' else 'using' end);
    end loop;
  end loop;
end
$$;
create policy salons_by_role_update on salons as restrictive for update using (app_manages());
-- A stylist keeps their own hours and time off; the rest of the team is the managers'.
create policy stylists_by_role_insert on stylists as restrictive for insert with check (app_manages());
create policy stylists_by_role_update on stylists as restrictive for update using (app_manages() or id = (select app_stylist()));
create policy stylists_by_role_delete on stylists as restrictive for delete using (app_manages());
-- Keys, and the calls with what was said on them, are not a stylist's to read.
create policy api_keys_by_role_select on api_keys as restrictive for select using (app_manages());
create policy calls_by_role on calls as restrictive for select using ((select app_role()) <> 'stylist');
create policy call_items_by_role on call_items as restrictive for select using ((select app_role()) <> 'stylist');

-- ---- appointments: a stylist writes their own ----------------------------------------------
create function app_writes_stylist(stylist uuid) returns boolean language sql stable as $$
  select coalesce((select app_role()) <> 'stylist' or stylist = (select app_stylist()), false)
$$;
create policy appointments_by_role_insert on appointments as restrictive for insert with check (app_writes_stylist(stylist_id));
create policy appointments_by_role_update on appointments as restrictive for update
  using (app_writes_stylist(stylist_id)) with check (app_writes_stylist(stylist_id));
create policy appointments_by_role_delete on appointments as restrictive for delete using (app_writes_stylist(stylist_id));

-- Who booked an appointment and who last changed it: where (the dashboard, an API key, the
-- phone assistant, the booking page, the client's own link, an offer) and, in the dashboard,
-- which person. Where a booking was made is its source unless the worker says more (an API key).
alter table appointments
  add column created_via text check (created_via in ('dashboard', 'api', 'voice', 'online', 'client', 'outreach')),
  add column created_by uuid references users (id) on delete set null,
  add column changed_via text check (changed_via in ('dashboard', 'api', 'voice', 'online', 'client', 'outreach')),
  add column changed_by uuid references users (id) on delete set null,
  add column changed_at timestamptz;
-- Before staff, the dashboard was the owner's alone.
update appointments a set created_by = s.owner_id from salons s where s.id = a.salon_id and a.source = 'dashboard';
