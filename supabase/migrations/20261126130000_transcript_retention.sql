-- How long a salon keeps what was said on its calls: 30, 90 (the default) or 365 days after a
-- call ended, or forever (null). The cron then removes the words (the conversation's text,
-- the tools' arguments and results, the instructions, which may name the caller) and keeps
-- the call itself: when, how long, with whom, its outcome and cost.
alter table salons add column transcript_retention_days int default 90
  constraint salons_transcript_retention_known check (transcript_retention_days in (30, 90, 365));

alter table calls add column transcript_removed_at timestamptz;

-- The cron's question, "which ended calls still hold their words", reads only those.
create index calls_transcript_kept on calls (call_ended_at) where transcript_removed_at is null and call_ended_at is not null;

-- Run by the cron before any salon is known, across salons, so it is a narrow definer
-- function: it can only remove words older than each salon's own setting, `batch` calls at a time.
create function forget_old_transcripts(batch int)
returns int language sql volatile security definer set search_path = public as $$
  with old as (
    select c.id from calls c join salons s on s.id = c.salon_id
    where c.transcript_removed_at is null and c.call_ended_at is not null
      and s.transcript_retention_days is not null
      and c.call_ended_at < now() - make_interval(days => s.transcript_retention_days)
    order by c.call_ended_at
    limit batch
    for update of c skip locked
  ), words as (
    update call_items i set content = null, arguments = null, result = null, error = null
    from old where i.call_id = old.id
    returning 1
  ), forgotten as (
    update calls c set instructions = null, transcript_removed_at = now()
    from old where c.id = old.id
    returning 1
  )
  select count(*)::int from forgotten
$$;

revoke execute on function forget_old_transcripts(int) from public;
grant execute on function forget_old_transcripts(int) to recepta_app;
