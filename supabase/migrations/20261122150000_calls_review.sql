-- The Calls screen at scale: a busy salon's history runs to 100,000 calls.

-- How many calls each salon has, kept by the calls table's own triggers, so the pager's
-- total is one row read rather than a count of the salon's whole history.
create table salon_call_counts (
  salon_id uuid primary key references salons (id) on delete cascade,
  calls bigint not null default 0 check (calls >= 0)
);

alter table salon_call_counts enable row level security;
create policy salon_call_counts_of_salon on salon_call_counts
  using (salon_id = app_setting('app.salon_id'));
grant select on salon_call_counts to recepta_app;

-- Runs as the table's owner: the Worker's role only reads the counts.
create function count_salon_calls() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if tg_op = 'INSERT' then
    insert into salon_call_counts (salon_id, calls)
    select salon_id, count(*) from new_calls group by salon_id
    on conflict (salon_id) do update set calls = salon_call_counts.calls + excluded.calls;
  else
    -- A salon's deletion takes its count row with it; then there is nothing left to update.
    update salon_call_counts s set calls = s.calls - gone.n
    from (select salon_id, count(*) as n from old_calls group by salon_id) gone
    where s.salon_id = gone.salon_id;
  end if;
  return null;
end
$$;
revoke execute on function count_salon_calls() from public;

create trigger calls_counted_on_insert after insert on calls
  referencing new table as new_calls for each statement execute function count_salon_calls();
create trigger calls_counted_on_delete after delete on calls
  referencing old table as old_calls for each statement execute function count_salon_calls();

-- A call never moves to another salon; the count relies on it.
create function calls_keep_salon() returns trigger language plpgsql as $$
begin
  if new.salon_id is distinct from old.salon_id then
    raise exception 'a call cannot move to another salon';
  end if;
  return new;
end
$$;
create trigger calls_keep_salon before update of salon_id on calls
  for each row execute function calls_keep_salon();

insert into salon_call_counts (salon_id, calls)
select salon_id, count(*) from calls group by salon_id;

-- Statistics of a period read the index alone (no row visits): the salon's calls by start
-- time, carrying what the totals add up.
create index calls_salon_started_totals on calls (salon_id, call_started_at) include (total_price, call_duration);
