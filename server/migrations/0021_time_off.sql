-- Time off: leave types and the policies that grow their balances, a ledger
-- whose sum is the balance, time-off requests (one more kind in the requests
-- inbox), public holidays, blocked dates and the limits of the team calendar.
-- The maths of accrual and of a request's hours are in the contracts
-- (time-off-accrual.ts, time-off-hours.ts).

-- The organization's time off settings.
alter table organization_settings
  -- A day of leave counts this many minutes when the person has no shift that day (and no usual day of their own).
  add column time_off_day_minutes integer not null default 480 check (time_off_day_minutes between 60 and 1440),
  -- Days of the week (0 = Sunday … 6 = Saturday) a full day of leave does not count, unless the person has a shift.
  add column weekend_days smallint[] not null default '{0,6}',
  -- A request on a blocked date: refused, or allowed with a warning.
  add column blocked_dates_policy text not null default 'refuse' check (blocked_dates_policy in ('refuse', 'warn')),
  -- Scheduling someone on approved leave: a warning, or refused.
  add column leave_scheduling_policy text not null default 'warn' check (leave_scheduling_policy in ('warn', 'refuse'));

-- A person's start (hire) date, from which policies accrue; and their usual day, when it is not the organization's.
alter table memberships
  add column started_on date,
  add column day_minutes integer check (day_minutes between 60 and 1440);

create table leave_types (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 50),
  color text not null check (color ~ '^#[0-9a-fA-F]{6}$'),
  paid boolean not null,
  position integer not null default 0,
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint leave_types_org_id unique (organization_id, id)
);
create unique index leave_types_name on leave_types (organization_id, lower(name)) where archived_at is null;

-- How a balance grows. Amounts are minutes. The reset date (month, day) is
-- when a yearly grant is given and when what exceeds the carry-over expires.
create table leave_policies (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  leave_type_id uuid not null,
  name text not null check (char_length(name) between 1 and 50),
  accrual text not null check (accrual in ('none', 'yearly', 'per_period', 'per_hours')),
  -- yearly: the grant; per_period: each pay period's amount; per_hours: what each `per_worked_minutes` earns.
  amount_minutes integer not null default 0 check (amount_minutes between 0 and 527040),
  per_worked_minutes integer check (per_worked_minutes between 60 and 60000),
  reset_month smallint not null default 1 check (reset_month between 1 and 12),
  reset_day smallint not null default 1 check (reset_day between 1 and 31),
  prorate boolean not null default true,
  max_balance_minutes integer check (max_balance_minutes between 0 and 527040),
  -- null: everything carries over.
  carryover_max_minutes integer check (carryover_max_minutes between 0 and 527040),
  waiting_days integer not null default 0 check (waiting_days between 0 and 730),
  negative_allowance_minutes integer not null default 0 check (negative_allowance_minutes between 0 and 527040),
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint leave_policies_org_id unique (organization_id, id),
  check ((accrual = 'per_hours') = (per_worked_minutes is not null)),
  foreign key (organization_id, leave_type_id) references leave_types (organization_id, id) on delete cascade
);
create unique index leave_policies_name on leave_policies (organization_id, leave_type_id, lower(name)) where archived_at is null;

-- Which policy a person is on, per leave type (one at a time).
create table leave_assignments (
  organization_id uuid not null,
  user_id uuid not null,
  leave_type_id uuid not null,
  policy_id uuid not null,
  assigned_at timestamptz not null default now(),
  primary key (organization_id, user_id, leave_type_id),
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade,
  foreign key (organization_id, leave_type_id) references leave_types (organization_id, id) on delete cascade,
  foreign key (organization_id, policy_id) references leave_policies (organization_id, id) on delete cascade
);
create index leave_assignments_policy on leave_assignments (organization_id, policy_id);

-- Time off asked for is a request (kind time_off); asking to cancel approved time off is another (time_off_cancel).
alter table requests drop constraint requests_kind_check;
alter table requests add constraint requests_kind_check
  check (kind in ('claim', 'cover', 'swap', 'availability', 'correction', 'time_off', 'time_off_cancel'));
alter table requests
  add column leave_type_id uuid,
  -- time_off_cancel: the approved time off it asks to cancel.
  add column cancels_request_id uuid,
  add column ends_on date,
  add foreign key (organization_id, leave_type_id) references leave_types (organization_id, id) on delete restrict,
  add foreign key (organization_id, cancels_request_id) references requests (organization_id, id) on delete cascade,
  add constraint requests_time_off check (
    (leave_type_id is not null) = (kind in ('time_off', 'time_off_cancel'))
    and (cancels_request_id is not null) = (kind = 'time_off_cancel')
    and (ends_on is null or ends_on >= day)
  );
-- Approved time off cancelled later keeps its decision: decided_at stays set on a cancelled request.
alter table requests drop constraint requests_decided;
alter table requests add constraint requests_decided check (
  (status not in ('approved', 'declined') or decided_at is not null)
  and (decided_at is null or status in ('approved', 'declined', 'cancelled'))
);
create index requests_time_off on requests (organization_id, day, ends_on) where kind = 'time_off';
-- One waiting cancellation of a time off.
create unique index requests_one_cancel on requests (organization_id, cancels_request_id)
  where kind = 'time_off_cancel' and status in ('offered', 'pending');

-- The days of a time-off request, each with the minutes it counts and the
-- instants it covers (a whole day in the person's zone, or the part asked).
create table time_off_days (
  organization_id uuid not null,
  request_id uuid not null,
  user_id uuid not null,
  day date not null,
  minutes integer not null check (minutes between 0 and 1440),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  primary key (organization_id, request_id, day),
  check (ends_at > starts_at),
  foreign key (organization_id, request_id) references requests (organization_id, id) on delete cascade,
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade
);
create index time_off_days_day on time_off_days (organization_id, day);
create index time_off_days_person on time_off_days (organization_id, user_id, day);

-- Every change to a balance. Adjustments are written by managers and kept;
-- the other kinds follow from the policy, the start date, approved time off
-- and approved timesheets, and are rewritten whenever one of those changes
-- (time-off-accrual.ts), so the balance, their sum, never drifts.
create table leave_ledger (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  user_id uuid not null,
  leave_type_id uuid not null,
  kind text not null check (kind in ('grant', 'accrual', 'taken', 'adjustment', 'carryover', 'expiry')),
  minutes integer not null check (minutes between -1000000 and 1000000),
  effective_on date not null,
  -- taken: the request; accrual from hours worked: the approved pay period.
  request_id uuid,
  period_start date,
  reason text check (char_length(reason) <= 500),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  check ((kind = 'adjustment') = (reason is not null)),
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade,
  foreign key (organization_id, leave_type_id) references leave_types (organization_id, id) on delete cascade,
  foreign key (organization_id, request_id) references requests (organization_id, id) on delete cascade
);
create index leave_ledger_person on leave_ledger (organization_id, user_id, leave_type_id, effective_on);

-- The sum of a person's ledger for a type, as of the day it was last computed.
create table leave_balances (
  organization_id uuid not null,
  user_id uuid not null,
  leave_type_id uuid not null,
  balance_minutes integer not null,
  computed_on date not null,
  primary key (organization_id, user_id, leave_type_id),
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade,
  foreign key (organization_id, leave_type_id) references leave_types (organization_id, id) on delete cascade
);

-- The organization's public holidays (loaded from the holiday library for its country, then edited).
create table holidays (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations (id) on delete cascade,
  day date not null,
  name text not null check (char_length(name) between 1 and 100),
  created_at timestamptz not null default now(),
  unique (organization_id, day)
);

-- Dates on which time off cannot be asked (or only with a warning), for the organization or one board.
create table time_off_blocks (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  board_id uuid,
  starts_on date not null,
  ends_on date not null,
  reason text not null check (char_length(reason) between 1 and 200),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (ends_on >= starts_on and ends_on - starts_on <= 366),
  foreign key (organization_id) references organizations (id) on delete cascade,
  foreign key (organization_id, board_id) references job_schedulers (organization_id, id) on delete cascade
);
create index time_off_blocks_days on time_off_blocks (organization_id, starts_on, ends_on);

-- The team calendar warns when more than this many people of a job are off on one day.
create table time_off_job_limits (
  organization_id uuid not null,
  job_id uuid not null,
  max_off integer not null check (max_off between 0 and 10000),
  primary key (organization_id, job_id),
  foreign key (organization_id, job_id) references jobs (organization_id, id) on delete cascade
);

alter table leave_types enable row level security;
create policy tenant_isolation on leave_types
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
alter table leave_policies enable row level security;
create policy tenant_isolation on leave_policies
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
alter table leave_assignments enable row level security;
create policy tenant_isolation on leave_assignments
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
alter table time_off_days enable row level security;
create policy tenant_isolation on time_off_days
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
alter table leave_ledger enable row level security;
create policy tenant_isolation on leave_ledger
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
alter table leave_balances enable row level security;
create policy tenant_isolation on leave_balances
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
alter table holidays enable row level security;
create policy tenant_isolation on holidays
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
alter table time_off_blocks enable row level security;
create policy tenant_isolation on time_off_blocks
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
alter table time_off_job_limits enable row level security;
create policy tenant_isolation on time_off_job_limits
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
