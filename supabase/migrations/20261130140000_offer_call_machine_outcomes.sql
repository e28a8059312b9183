-- An outbound call that reached no person came to nothing anyone abandoned: an answering
-- machine was left the salon's message (voicemail), or the call rang out, was busy, or met a
-- machine the salon leaves no message on (no_answer). Without these it read as "abandoned",
-- the outcome of a caller who hung up. The rest is as before.
alter table calls drop constraint calls_outcome_known;
alter table calls add constraint calls_outcome_known
  check (outcome in ('booked', 'rescheduled', 'cancelled', 'question_answered', 'handed_over', 'no_action', 'abandoned', 'voicemail', 'no_answer'));

create or replace function call_outcome_from_facts() returns trigger
language plpgsql set search_path = public as $$
declare
  done text[];
  offer text;
begin
  if new.call_status = 'in-progress' then
    return new;
  end if;
  select coalesce(array_agg(distinct i.function_name), '{}') into done
  from call_items i
  where i.call_id = new.id and i.item_type = 'function_call' and i.status = 'successful';
  -- An offer call's offer was settled by who answered: a machine, before the call ends.
  select a.status into offer from outreach_attempts a where a.call_id = new.id and a.salon_id = new.salon_id;
  new.outcome := case
    when done && array['book_appointment', 'accept_offer'] then 'booked'
    when 'reschedule_appointment' = any (done) then 'rescheduled'
    when 'cancel_appointment' = any (done) then 'cancelled'
    when 'transfer_to_human' = any (done) then 'handed_over'
    when offer = 'voicemail' then 'voicemail'
    when offer = 'no_answer' or new.call_status in ('no-answer', 'busy') then 'no_answer'
    when not exists (select from call_items i where i.call_id = new.id and i.role = 'user' and coalesce(i.content, '') <> '') then 'abandoned'
    else old.outcome
  end;
  -- The public demo is the platform's own, and a call nobody spoke on has nothing to tell.
  if new.summary_state = 'pending' and (new.is_demo or new.outcome in ('abandoned', 'voicemail', 'no_answer')) then
    new.summary_state := 'skipped';
  end if;
  return new;
end
$$;

-- Offer calls that ended before this read their outcome again.
update calls c set call_status = call_status
where c.outcome = 'abandoned' and (c.call_status in ('no-answer', 'busy') or exists (
  select from outreach_attempts a where a.call_id = c.id and a.salon_id = c.salon_id and a.status in ('voicemail', 'no_answer')));
