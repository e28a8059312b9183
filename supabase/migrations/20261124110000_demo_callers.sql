-- Who started a public demo call, so one address cannot hold many demo lines at once or use
-- more than its demo minutes a day. Only a SHA-256 hash of the address is kept.
alter table calls add column caller_hash bytea;

-- A caller's demo calls of the last day, for their running calls and their minutes.
create index calls_demo_caller on calls (caller_hash, call_started_at) where caller_hash is not null;

-- Running browser calls are now counted per salon, over the salon's own index (calls_salon_started).
drop index calls_demo_running;
