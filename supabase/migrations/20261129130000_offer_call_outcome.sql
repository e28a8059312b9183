-- A call that offered a client a freed time and booked it (accept_offer) came to a booking,
-- as a call that booked through book_appointment does. The rest is as before.
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
    when done && array['book_appointment', 'accept_offer'] then 'booked'
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
