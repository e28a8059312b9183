-- Every background job runs through one runner (worker/jobs/runner.ts), which claims an item
-- with a lease, backs off after a failed attempt on one schedule and gives up into a failed
-- state. The time is the runner's clock, passed in rather than read with now(), so the
-- functions that name due items across salons take it as an argument.

-- Mail gets what the other outboxes have: a time it is due (a lease while an attempt holds
-- it, a wait after a failed one) and a failed state once its attempts are spent.
alter table mail_outbox
  add column next_attempt_at timestamptz not null default now(),
  add column failed_at timestamptz;
update mail_outbox set failed_at = now() where sent_at is null and attempts >= 5;
drop index mail_outbox_unsent;
create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null;

drop function due_client_messages(int);
create function due_client_messages(batch int, at timestamptz)
returns table (message_id uuid, salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select m.id, m.salon_id, s.owner_id
  from client_messages m join salons s on s.id = m.salon_id
  where m.due_at <= at and (m.state = 'queued' or (m.state = 'sending' and m.lease_until < at))
  order by m.due_at
  limit batch
$$;
revoke execute on function due_client_messages(int, timestamptz) from public;
grant execute on function due_client_messages(int, timestamptz) to recepta_app;

drop function due_webhook_deliveries(int);
create function due_webhook_deliveries(batch int, at timestamptz)
returns table (delivery_id uuid, endpoint_id uuid, salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select d.id, d.endpoint_id, d.salon_id, s.owner_id
  from webhook_deliveries d
  join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
  join salons s on s.id = d.salon_id
  where d.status = 'pending' and d.next_attempt_at <= at
    and not exists (
      select from webhook_deliveries p
      where p.endpoint_id = d.endpoint_id and p.subject_id = d.subject_id and p.status = 'pending' and p.event_seq < d.event_seq)
  order by d.event_seq
  limit batch
$$;
revoke execute on function due_webhook_deliveries(int, timestamptz) from public;
grant execute on function due_webhook_deliveries(int, timestamptz) to recepta_app;

-- Summaries are now claimed one call at a time in the call's salon, like every outbox's
-- items; across salons the cron only asks which are due.
drop function claim_call_summaries(int, int);
create function due_call_summaries(batch int, at timestamptz)
returns table (call_id uuid, salon_id uuid, owner_id uuid)
language sql stable security definer set search_path = public as $$
  select c.id, c.salon_id, s.owner_id
  from calls c join salons s on s.id = c.salon_id
  where c.summary_state = 'pending' and c.call_status <> 'in-progress'
    and (c.summary_due_at is null or c.summary_due_at <= at)
  order by c.summary_due_at nulls first
  limit batch
$$;
revoke execute on function due_call_summaries(int, timestamptz) from public;
grant execute on function due_call_summaries(int, timestamptz) to recepta_app;
