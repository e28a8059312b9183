-- The currency a salon's prices are in: the euro, or that of a country the product serves
-- (contract/currency.ts). Changing it converts nothing: stored prices are amounts in it.
alter table salons add column currency text not null default 'EUR'
  constraint salons_currency_known check (currency in ('EUR', 'CZK', 'GBP', 'USD'));
