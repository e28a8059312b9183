-- Tenancy as membership: a person reaches a salon because they belong to it with a role, not
-- because they own it. Today every salon has exactly one member, its owner; staff logins add
-- more. salons.owner_id stays as the salon's accountable owner.
create table salon_members (
  salon_id uuid not null references salons (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (role in ('owner', 'manager', 'front_desk', 'stylist')),
  created_at timestamptz not null default now(),
  primary key (salon_id, user_id)
);
-- "Which salons may this person open?" is asked on every signed-in request.
create index salon_members_user on salon_members (user_id, created_at);

insert into salon_members (salon_id, user_id, role)
select id, owner_id, 'owner' from salons;

-- Whoever makes a salon (the dashboard on first sign-in, the demo seed) is its owner member,
-- in the same statement, so no salon is ever without one.
create function add_salon_owner() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  insert into salon_members (salon_id, user_id, role) values (new.id, new.owner_id, 'owner')
  on conflict (salon_id, user_id) do update set role = 'owner';
  return null;
end
$$;
revoke execute on function add_salon_owner() from public;
create trigger salons_owner_member after insert on salons
  for each row execute function add_salon_owner();

-- A person sees their own memberships (to find their salons) and, inside a salon, its members.
alter table salon_members enable row level security;
create policy salon_members_visible on salon_members
  using (user_id = app_setting('app.user_id') or salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));
grant select, insert, update, delete on salon_members to recepta_app;

-- A salon is visible inside its own tenant transaction and to its members; it is written only
-- inside its own tenant transaction. (It used to be "the salon whose owner is app.user_id".)
drop policy salons_of_owner on salons;
create policy salons_of_tenant on salons
  using (
    id = app_setting('app.salon_id')
    or id in (select m.salon_id from salon_members m where m.user_id = app_setting('app.user_id'))
  )
  with check (id = app_setting('app.salon_id'));
