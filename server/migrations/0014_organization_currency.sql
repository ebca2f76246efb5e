-- The currency of an organization's money (hourly rates, shift costs): an
-- ISO 4217 code. The application accepts only codes its Intl data knows; the
-- database keeps to the shape. The owner sets it, with the time zone and week
-- start, in Settings → Company.
alter table organization_settings
  add column currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$');
