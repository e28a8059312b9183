-- What came of a call. The facts are written when the call ends, from what its tools did: a
-- booking that succeeded makes it "booked", whatever the conversation was. A call in which the
-- caller never spoke was abandoned. What only the words can tell (a question answered, or
-- nothing to do) is left null here, for the call's summary to say.
alter table calls add column outcome text
  constraint calls_outcome_known check (outcome in ('booked', 'rescheduled', 'cancelled', 'question_answered', 'handed_over', 'no_action', 'abandoned'));

create function call_outcome_from_facts() returns trigger
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
  return new;
end
$$;

-- Every way a call ends (its session, Twilio's status callback, the cron closing an abandoned
-- record) changes its status, so the facts are read there, in one place.
create trigger calls_outcome before update of call_status on calls
  for each row when (new.call_status is distinct from old.call_status or new.call_status <> 'in-progress')
  execute function call_outcome_from_facts();

-- Calls that ended before this read their outcome now.
update calls set call_status = call_status where call_status <> 'in-progress';
