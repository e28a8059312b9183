-- The local mailbox (served only where the product runs on a developer's machine) lists the
-- messages salons write to their clients beside the product's own mail. It reads before any
-- salon is known, so this narrow definer function hands it the newest messages and nothing else,
-- and only on a server the local stack set up (it makes the role recepta_local, which the
-- Worker's login cannot): in production it answers nothing, whoever calls it.
create function local_mailbox_messages(lim int)
returns table (
  id uuid, salon_name text, kind text, channel text, recipient text, subject text, body text,
  state text, skip_reason text, error text, created_at timestamptz, due_at timestamptz
)
language sql stable security definer set search_path = public as $$
  select m.id, s.name, m.kind, m.channel, m.recipient, m.subject, m.body, m.state, m.skip_reason, m.error, m.created_at, m.due_at
  from client_messages m join salons s on s.id = m.salon_id
  where exists (select from pg_roles where rolname = 'recepta_local')
  order by m.created_at desc, m.id
  limit least(greatest(lim, 0), 200)
$$;
revoke execute on function local_mailbox_messages(int) from public;
grant execute on function local_mailbox_messages(int) to recepta_app;
