-- Closing abandoned call records and forgetting old transcripts compare with the job runner's
-- clock (worker/jobs/runner.ts), passed in, not the database's now(), as the outboxes do.
drop function close_abandoned_calls(int);
create function close_abandoned_calls(max_seconds int, at timestamptz)
returns int language sql volatile security definer set search_path = public as $$
  with closed as (
    update calls set call_status = 'failed',
      call_ended_at = call_started_at + make_interval(secs => max_seconds),
      call_duration = max_seconds
    where call_status = 'in-progress' and call_started_at < at - make_interval(secs => max_seconds)
    returning 1
  )
  select count(*)::int from closed
$$;
revoke execute on function close_abandoned_calls(int, timestamptz) from public;
grant execute on function close_abandoned_calls(int, timestamptz) to recepta_app;

drop function forget_old_transcripts(int);
create function forget_old_transcripts(batch int, at timestamptz)
returns int language sql volatile security definer set search_path = public as $$
  with old as (
    select c.id from calls c join salons s on s.id = c.salon_id
    where c.transcript_removed_at is null and c.call_ended_at is not null
      and s.transcript_retention_days is not null
      and c.call_ended_at < at - make_interval(days => s.transcript_retention_days)
    order by c.call_ended_at
    limit batch
    for update of c skip locked
  ), words as (
    update call_items i set content = null, arguments = null, result = null, error = null
    from old where i.call_id = old.id
    returning 1
  ), forgotten as (
    update calls c set instructions = null, transcript_removed_at = at
    from old where c.id = old.id
    returning 1
  )
  select count(*)::int from forgotten
$$;
revoke execute on function forget_old_transcripts(int, timestamptz) from public;
grant execute on function forget_old_transcripts(int, timestamptz) to recepta_app;
