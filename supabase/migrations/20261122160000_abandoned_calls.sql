-- A call's object that dies mid-call (a deploy, an eviction) cannot close its record. The
-- Worker's cron closes such records across all salons, which its role-bound connection could
-- not do by itself: the function touches only calls still open long after any call must end.
create function close_abandoned_calls(max_seconds int)
returns int language sql volatile security definer set search_path = public as $$
  with closed as (
    update calls set call_status = 'failed',
      call_ended_at = call_started_at + make_interval(secs => max_seconds),
      call_duration = max_seconds
    where call_status = 'in-progress' and call_started_at < now() - make_interval(secs => max_seconds)
    returning 1
  )
  select count(*)::int from closed
$$;

revoke execute on function close_abandoned_calls(int) from public;
grant execute on function close_abandoned_calls(int) to recepta_app;

create index calls_open on calls (call_started_at) where call_status = 'in-progress';
