-- Supabase serves the public schema through its Data API as the roles anon and
-- authenticated, and grants them every new table, sequence and function by default. This
-- product reaches its database only through the Worker (recepta_app), so those roles get
-- nothing, and the tables that belong to no salon admit the Worker's role alone.

do $$
declare
  private_table text;
begin
  foreach private_table in array array[
    'users', 'email_tokens', 'refresh_tokens', 'rate_limits', 'waitlist_entries', 'contact_messages', 'mail_outbox'
  ] loop
    execute format('alter table %I enable row level security', private_table);
    execute format('create policy %I on %I to recepta_app using (true) with check (true)', private_table || '_for_worker', private_table);
  end loop;
end $$;

do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated'] loop
    if exists (select from pg_roles where rolname = api_role) then
      execute format('revoke all on all tables in schema public from %I', api_role);
      execute format('revoke all on all sequences in schema public from %I', api_role);
      execute format('revoke all on all functions in schema public from %I', api_role);
      execute format('alter default privileges in schema public revoke all on tables from %I', api_role);
      execute format('alter default privileges in schema public revoke all on sequences from %I', api_role);
      execute format('alter default privileges in schema public revoke all on functions from %I', api_role);
    end if;
  end loop;
end $$;
