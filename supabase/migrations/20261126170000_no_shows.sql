-- A client who did not come: the owner marks a booked appointment whose time has begun. The
-- appointment stays booked, keeping its slot and every guard on it; the mark only tells it apart
-- from a visit.
alter table appointments add column no_show_at timestamptz;

-- Appointments booked before clients were kept have no client. The cron links them as a new
-- booking would be linked; one whose number names nobody is marked, so it is not read again on
-- every run.
alter table appointments add column client_unmatched_at timestamptz;

-- The cron's question, "which booked appointments still wait for a client", reads only those, oldest first.
create index appointments_unlinked on appointments (created_at, id)
  where client_id is null and status = 'booked' and client_unmatched_at is null;

-- Run by the cron before any salon is known, across salons, so it is a narrow definer function:
-- it names `batch` appointments waiting for a client and whose they are, and reads nothing of
-- them; linking each happens in its own salon's transaction, under row-level security.
create function unlinked_appointments(batch int)
returns table (appointment_id uuid, salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select a.id, a.salon_id, s.owner_id
  from appointments a join salons s on s.id = a.salon_id
  where a.client_id is null and a.status = 'booked' and a.client_unmatched_at is null
  order by a.created_at, a.id
  limit batch
$$;

revoke execute on function unlinked_appointments(int) from public;
grant execute on function unlinked_appointments(int) to recepta_app;
