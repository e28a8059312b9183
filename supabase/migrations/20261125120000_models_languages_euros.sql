-- Each assistant's speech model, and with each call the model it ran on, the language the
-- caller spoke and its cost in euros.

-- An assistant runs on the best model or on the lower-cost one.
alter table assistant_configs add column model text not null default 'gpt-realtime-2.1'
  check (model in ('gpt-realtime-2.1', 'gpt-realtime-2.1-mini'));

alter table calls
  -- The model the call ran on; calls from before it was kept have none.
  add column model text,
  -- The language the caller last spoke in, when it was recognised.
  add column language text check (language in ('en', 'de', 'cs')),
  -- Euros per US dollar at the Worker's EUR_PER_USD when the call's costs were written. The
  -- costs themselves stay in the providers' currency (model_cost, telephony_cost: US dollars).
  add column eur_per_usd numeric(10, 6) check (eur_per_usd > 0),
  add column total_price_eur numeric(12, 6)
    generated always as (round((model_cost + coalesce(telephony_cost, 0)) * eur_per_usd, 6)) stored;

-- Calls costed before the rate was kept are converted at EUR_PER_USD's documented default.
update calls set eur_per_usd = 0.86 where model_cost <> 0 or telephony_cost is not null;

-- Statistics sum euros now; the index still carries what the totals add up.
drop index calls_salon_started_totals;
create index calls_salon_started_totals on calls (salon_id, call_started_at) include (total_price_eur, call_duration);
