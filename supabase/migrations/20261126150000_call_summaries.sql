-- What a text model makes of a call once it has ended: a short summary in the salon's language,
-- whether the salon should get back to the caller and why, the outcome when the tools' facts
-- left it open (a question answered, or nothing to do), and the questions the assistant could
-- not answer. The questions are kept per salon, grouped when callers repeat them; the owner
-- answers them, and answered questions are the salon's FAQ, which every later call is given.

alter table calls
  add column summary text constraint calls_summary_length check (length(summary) <= 2000),
  add column follow_up boolean,
  add column follow_up_reason text constraint calls_follow_up_reason_length check (length(follow_up_reason) <= 500),
  -- pending until the call has ended and been summarised (done); skipped when there is nothing
  -- to summarise (the caller never spoke, the public demo); failed after the last attempt.
  add column summary_state text not null default 'pending'
    constraint calls_summary_state_known check (summary_state in ('pending', 'done', 'skipped', 'failed')),
  add column summary_attempts smallint not null default 0,
  -- When the next attempt may start: a claimed call is leased until then, a failed one waits.
  add column summary_due_at timestamptz,
  -- US dollars the summary's text model billed, part of the call's model cost.
  add column summary_cost numeric(12, 6) not null default 0,
  add constraint calls_salon_id_key unique (salon_id, id);

-- Calls before this are left as they are.
update calls set summary_state = 'skipped';

-- The cron's question, "which ended calls still wait for their summary", reads only those.
create index calls_summary_due on calls (summary_due_at nulls first) where summary_state = 'pending' and call_status <> 'in-progress';

-- The facts, and now also whether there is anything to summarise, are read where every ending passes.
create or replace function call_outcome_from_facts() returns trigger
language plpgsql set search_path = public as $$
declare
  done text[];
begin
  if new.call_status = 'in-progress' then
    return new;
  end if;
  select coalesce(array_agg(distinct i.function_name), '{}') into done
  from call_items i
  where i.call_id = new.id and i.item_type = 'function_call' and i.status = 'successful';
  new.outcome := case
    when 'book_appointment' = any (done) then 'booked'
    when 'reschedule_appointment' = any (done) then 'rescheduled'
    when 'cancel_appointment' = any (done) then 'cancelled'
    when 'transfer_to_human' = any (done) then 'handed_over'
    when not exists (select from call_items i where i.call_id = new.id and i.role = 'user' and coalesce(i.content, '') <> '') then 'abandoned'
    else old.outcome
  end;
  -- The public demo is the platform's own, and a call nobody spoke on has nothing to tell.
  if new.summary_state = 'pending' and (new.is_demo or new.outcome = 'abandoned') then
    new.summary_state := 'skipped';
  end if;
  return new;
end
$$;

-- A call recorded already ended (an import, a test's row) has no conversation to read,
-- unless it comes with its summary.
create function call_summary_at_insert() returns trigger
language plpgsql set search_path = public as $$
begin
  if new.call_status <> 'in-progress' and new.summary_state = 'pending' then
    new.summary_state := 'skipped';
  end if;
  return new;
end
$$;

create trigger calls_summary_at_insert before insert on calls
  for each row execute function call_summary_at_insert();

create table salon_questions (
  id uuid primary key default gen_random_uuid(),
  salon_id uuid not null references salons (id) on delete cascade,
  question text not null constraint salon_questions_question_length check (length(question) between 1 and 300),
  answer text constraint salon_questions_answer_length check (length(answer) between 1 and 1000),
  -- open: asked and not answered; answered: in the FAQ; dismissed: the owner set it aside.
  state text not null default 'open' constraint salon_questions_state_known check (state in ('open', 'answered', 'dismissed')),
  created_at timestamptz not null default now(),
  -- When a caller last asked it (or the owner last changed it): the list's order.
  updated_at timestamptz not null default now(),
  constraint salon_questions_answered check ((state = 'answered') = (answer is not null)),
  unique (salon_id, id)
);
create index salon_questions_by_state on salon_questions (salon_id, state, updated_at desc);

-- Which calls a question was asked on, in that caller's words (in the salon's language).
create table salon_question_calls (
  salon_id uuid not null,
  question_id uuid not null,
  call_id uuid not null,
  asked text not null constraint salon_question_calls_asked_length check (length(asked) between 1 and 300),
  created_at timestamptz not null default now(),
  primary key (question_id, call_id),
  foreign key (salon_id, question_id) references salon_questions (salon_id, id) on delete cascade,
  foreign key (salon_id, call_id) references calls (salon_id, id) on delete cascade
);
create index salon_question_calls_call on salon_question_calls (salon_id, call_id);

alter table salon_questions enable row level security;
create policy salon_questions_of_salon on salon_questions
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));

alter table salon_question_calls enable row level security;
create policy salon_question_calls_of_salon on salon_question_calls
  using (salon_id = app_setting('app.salon_id'))
  with check (salon_id = app_setting('app.salon_id'));

grant select, insert, update, delete on salon_questions, salon_question_calls to recepta_app;

-- The cron, before any salon is known, claims calls whose summary is due, across salons: a
-- narrow definer function that leases `batch` of them for `lease_seconds` and says whose they are.
create function claim_call_summaries(batch int, lease_seconds int)
returns table (call_id uuid, salon_id uuid, owner_id uuid)
language sql volatile security definer set search_path = public as $$
  with due as (
    select c.id from calls c
    where c.summary_state = 'pending' and c.call_status <> 'in-progress'
      and (c.summary_due_at is null or c.summary_due_at <= now())
    order by c.summary_due_at nulls first
    limit batch
    for update of c skip locked
  )
  update calls c set summary_due_at = now() + make_interval(secs => lease_seconds), summary_attempts = c.summary_attempts + 1
  from due, salons s
  where c.id = due.id and s.id = c.salon_id
  returning c.id, c.salon_id, s.owner_id
$$;

revoke execute on function claim_call_summaries(int, int) from public;
grant execute on function claim_call_summaries(int, int) to recepta_app;
