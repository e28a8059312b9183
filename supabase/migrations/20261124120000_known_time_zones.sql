-- A salon's time zone is one PostgreSQL knows by name, as Intl does: the salon's days are
-- counted in SQL (call statistics) and in the Worker alike. Intl accepts more than that:
-- names PostgreSQL has dropped (US/Pacific-New), legacy abbreviations it reads otherwise
-- (IST: India for Intl, Israel for PostgreSQL) and offsets such as +05:30, which PostgreSQL
-- takes for a POSIX zone five and a half hours west of Greenwich, the opposite sign.
create function is_known_time_zone(zone text) returns boolean
language sql stable as
$$ select exists (select 1 from pg_timezone_names where name = zone) $$;
grant execute on function is_known_time_zone(text) to recepta_app;

-- Salons saved with such a zone before get the product's default zone.
update salons set time_zone = 'Europe/Prague' where not is_known_time_zone(time_zone);

alter table salons add constraint salons_time_zone_known check (is_known_time_zone(time_zone));
