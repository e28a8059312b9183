-- Which reminders are due and which webhook events are old enough to drop are decided by the
-- job runner's clock (worker/jobs/runner.ts), passed in, not the database's now().
drop function due_reminders(int);
create function due_reminders(batch int, at timestamptz)
returns table (appointment_id uuid, salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select a.id, a.salon_id, s.owner_id
  from appointments a
  join salons s on s.id = a.salon_id
  join message_settings ms on ms.salon_id = a.salon_id
  where a.status = 'booked'
    and ms.reminder_hours is not null
    and a.start_at > at
    -- The longest reminder time, as a constant, so the upcoming appointments are read by a range of the index.
    and a.start_at <= at + interval '48 hours'
    and a.start_at <= at + make_interval(hours => ms.reminder_hours)
    and a.updated_at < a.start_at - make_interval(hours => ms.reminder_hours)
    and not exists (
      select from client_messages m
      where m.salon_id = a.salon_id and m.appointment_id = a.id and m.kind = 'reminder'
        and m.dedupe_key = extract(epoch from a.start_at)::bigint::text
    )
  order by a.start_at
  limit batch
$$;
revoke execute on function due_reminders(int, timestamptz) from public;
grant execute on function due_reminders(int, timestamptz) to recepta_app;

drop function prune_webhook_events(int);
create function prune_webhook_events(keep_days int, at timestamptz)
returns void
language sql volatile security definer set search_path = public as $$
  delete from webhook_events ev
  where ev.created_at < at - make_interval(days => keep_days)
    and not exists (select from webhook_deliveries d where d.event_id = ev.id and d.status = 'pending')
$$;
revoke execute on function prune_webhook_events(int, timestamptz) from public;
grant execute on function prune_webhook_events(int, timestamptz) to recepta_app;
