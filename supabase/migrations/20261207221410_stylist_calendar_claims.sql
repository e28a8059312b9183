-- Stylists' calendars are read on the job runner's clock (worker/jobs/runner.ts), and each
-- read claims its calendar with a lease: two runs of the cron at once no longer read the same
-- calendar twice, and a read that died is taken up again once its lease is over.
drop function due_stylist_calendars(int);
create function claim_stylist_calendars(batch int, at timestamptz, lease_until timestamptz)
returns table (stylist_id uuid, salon_id uuid, owner_id uuid)
language sql volatile security definer set search_path = public as $$
  with due as (
    select c.stylist_id from stylist_calendars c
    where c.next_sync_at <= at
    order by c.next_sync_at
    limit batch
    for update skip locked
  )
  update stylist_calendars c set next_sync_at = lease_until
  from due, salons s
  where c.stylist_id = due.stylist_id and s.id = c.salon_id
  returning c.stylist_id, c.salon_id, s.owner_id
$$;
revoke execute on function claim_stylist_calendars(int, timestamptz, timestamptz) from public;
grant execute on function claim_stylist_calendars(int, timestamptz, timestamptz) to recepta_app;
