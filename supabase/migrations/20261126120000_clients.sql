-- Clients: a salon's record of a person who books and calls, linked to their appointments and
-- calls. Bookings and calls keep their own copies of the name and number as they were given;
-- the client ties them together and is matched by phone number, then by email.

create extension if not exists pg_trgm;
-- Lets one GIN index hold the salon beside the trigrams, so a search reads its salon's entries only.
create extension if not exists btree_gin;

create table clients (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  -- Null until someone gives it: a booking may carry only a number.
  name text check (length(name) between 1 and 120),
  email text check (length(email) <= 254),
  language text check (language in ('en', 'de', 'cs')),
  preferred_stylist_id uuid references stylists (id) on delete set null,
  notes text check (length(notes) <= 2000),
  marketing_consent boolean not null default false,
  source text not null check (source in ('dashboard', 'receptionist', 'online', 'call')),
  -- The name folded (no case, no accents), the email and the numbers' digits, written by the
  -- data layer on every change: what search matches and what the list is sorted by.
  search_text text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Children name (salon_id, client_id), so a link can never point into another salon.
  unique (salon_id, id)
);
-- Search as you type: any part of a name, number or address, at 10,000 clients a salon.
create index clients_search on clients using gin (salon_id, search_text gin_trgm_ops);
-- The list in name order, nameless records last.
create index clients_salon_sorted on clients (salon_id, (name is null), search_text, id);
-- Matching a booking by email (a family may share one address, so it is not unique).
create index clients_salon_email on clients (salon_id, lower(email)) where email is not null;

-- A number belongs to one client of a salon: the primary key is what makes two bookings of
-- one new number at the same moment end with one client.
create table client_phones (
  salon_id uuid not null,
  phone text not null check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  client_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (salon_id, phone),
  foreign key (salon_id, client_id) references clients (salon_id, id) on delete cascade
);
create index client_phones_client on client_phones (salon_id, client_id);

alter table appointments add column client_id uuid,
  add constraint appointments_client_fkey foreign key (salon_id, client_id)
    references clients (salon_id, id) on delete set null (client_id);
alter table calls add column client_id uuid,
  add constraint calls_client_fkey foreign key (salon_id, client_id)
    references clients (salon_id, id) on delete set null (client_id);
-- A client's page: their appointments by time and their calls newest first.
create index appointments_client on appointments (salon_id, client_id, start_at) where client_id is not null;
create index calls_client on calls (salon_id, client_id, call_started_at desc) where client_id is not null;
-- A number that becomes a client's (a booking, an owner's edit) takes that number's earlier
-- calls along: only calls not yet linked are looked up by their caller's number.
create index calls_unlinked_caller on calls (salon_id, from_number) where client_id is null;

alter table clients enable row level security;
create policy clients_of_salon on clients
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));

alter table client_phones enable row level security;
create policy client_phones_of_salon on client_phones
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));

grant select, insert, update, delete on clients, client_phones to recepta_app;
