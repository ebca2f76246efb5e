-- Company details (spec §3) on the organization, schedule boards ("job
-- schedulers"), and fresh phone verifications for account changes.

alter table organizations
  add column employee_count text check (employee_count in
    ('1-10', '11-30', '31-50', '51-100', '101-200', '201-500', '501-1000', '1001+')),
  add column industry text check (industry in
    ('retail', 'transportation', 'events', 'staffing', 'real_estate', 'entertainment', 'field_services',
     'beauty_wellness', 'gardening', 'fitness', 'logistics', 'education', 'religious', 'governmental',
     'telecom', 'npo', 'cleaning', 'security', 'healthcare', 'manufacturing', 'construction',
     'food_beverage', 'hospitality', 'other')),
  -- ISO 3166-1 alpha-2; the name is given in the reader's language when answering.
  add column country_code text check (country_code ~ '^[A-Z]{2}$'),
  add column address text check (char_length(address) <= 200),
  add column zip_code text check (char_length(zip_code) <= 50),
  add column updated_at timestamptz not null default now();

create table job_schedulers (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 60),
  time_zone text not null default 'UTC',
  week_start smallint not null default 1 check (week_start between 0 and 6),
  is_archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index job_schedulers_organization on job_schedulers (organization_id, created_at);

alter table job_schedulers enable row level security;
create policy tenant_isolation on job_schedulers
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);

-- A code verified for a new phone, good for a few minutes, lets that person's
-- account change to that phone once.
create table phone_verifications (
  user_id uuid not null references users (id) on delete cascade,
  phone text not null check (phone ~ '^[0-9]{6,15}$'),
  verified_at timestamptz not null default now(),
  primary key (user_id, phone)
);
