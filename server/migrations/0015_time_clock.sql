-- The time clock (issue #7). Punches are kept exactly as they arrived; time
-- entries (a clock-in to its clock-out, with its breaks) are derived from
-- them, and managers correct entries with a reason that the audit log keeps.
-- Approving a person's pay period locks the entries that start in it.

-- The organization's time clock settings (Settings → Time clock).
alter table organization_settings
  add column pay_period text not null default 'weekly' check (pay_period in ('weekly', 'biweekly', 'semimonthly')),
  -- The first day of one two-week period; the others run on from it both ways.
  add column pay_period_anchor date not null default '2026-01-05',
  -- null: that overtime rule is off.
  add column overtime_weekly_minutes integer default 2400 check (overtime_weekly_minutes between 60 and 10080),
  add column overtime_daily_minutes integer check (overtime_daily_minutes between 60 and 1440),
  add column overtime_multiplier numeric(4, 2) not null default 1.5 check (overtime_multiplier between 1 and 3),
  -- Punches rounded to the nearest N minutes (0: as punched).
  add column rounding_minutes smallint not null default 0 check (rounding_minutes in (0, 5, 10, 15)),
  add column early_minutes smallint not null default 15 check (early_minutes between 0 and 240),
  add column early_policy text not null default 'warn' check (early_policy in ('warn', 'refuse')),
  add column location_policy text not null default 'warn' check (location_policy in ('off', 'warn', 'refuse')),
  add column open_limit_minutes integer not null default 960 check (open_limit_minutes between 60 and 2880),
  add column late_after_minutes smallint not null default 5 check (late_after_minutes between 0 and 120);

-- The audit log says why, where a reason is asked for (time entry changes, unlocking a period).
alter table audit_log add column reason text check (char_length(reason) <= 500);
create index audit_log_target on audit_log (organization_id, target_type, target_id, created_at);

create table time_entries (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  user_id uuid not null,
  job_id uuid,
  shift_id uuid,
  clock_in_at timestamptz not null,
  -- null while the person is clocked in.
  clock_out_at timestamptz,
  -- [{"starts_at": instant, "ends_at": instant or null}], in order; the last may be going on.
  breaks jsonb not null default '[]' check (jsonb_typeof(breaks) = 'array'),
  source text not null check (source in ('punch', 'manager')),
  note text check (char_length(note) <= 500),
  -- A manager has looked at it (a flagged entry counts only once reviewed).
  reviewed_at timestamptz,
  version integer not null default 1 check (version >= 1),
  deleted_at timestamptz,
  created_by uuid references users (id) on delete set null,
  updated_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint time_entries_org_id unique (organization_id, id),
  constraint time_entries_length check (
    clock_out_at is null or (clock_out_at > clock_in_at and clock_out_at - clock_in_at <= interval '7 days')
  ),
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade,
  foreign key (organization_id, job_id) references jobs (organization_id, id) on delete set null (job_id),
  foreign key (organization_id, shift_id) references shifts (organization_id, id) on delete set null (shift_id),
  -- Nobody works two entries at once.
  constraint time_entries_no_overlap exclude using gist (
    organization_id with =,
    user_id with =,
    tstzrange(clock_in_at, coalesce(clock_out_at, 'infinity')) with &&
  ) where (deleted_at is null)
);
-- At most one open entry per person, whatever the application does.
create unique index time_entries_one_open on time_entries (organization_id, user_id)
  where clock_out_at is null and deleted_at is null;
create index time_entries_person_time on time_entries (organization_id, user_id, clock_in_at) where deleted_at is null;
create index time_entries_time on time_entries (organization_id, clock_in_at) where deleted_at is null;

alter table time_entries enable row level security;
create policy tenant_isolation on time_entries
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);

create table time_punches (
  organization_id uuid not null,
  user_id uuid not null,
  -- The device's own id for the punch: each is kept once, so a resend never makes a second punch.
  id uuid not null,
  kind text not null check (kind in ('clock_in', 'break_start', 'break_end', 'clock_out')),
  -- When it was made on the device, and when the server got it.
  happened_at timestamptz not null,
  received_at timestamptz not null default now(),
  time_entry_id uuid,
  job_id uuid,
  shift_id uuid,
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  accuracy_m double precision check (accuracy_m >= 0),
  warnings jsonb not null default '[]' check (jsonb_typeof(warnings) = 'array'),
  primary key (organization_id, user_id, id),
  check ((latitude is null) = (longitude is null)),
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade,
  foreign key (organization_id, time_entry_id) references time_entries (organization_id, id) on delete set null (time_entry_id)
);
create index time_punches_entry on time_punches (organization_id, time_entry_id);

alter table time_punches enable row level security;
create policy tenant_isolation on time_punches
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);

-- A person's approved pay period: entries starting in it are locked until it is unlocked (audited).
create table timesheet_approvals (
  organization_id uuid not null,
  user_id uuid not null,
  period_start date not null,
  period_end date not null,
  approved_by uuid references users (id) on delete set null,
  approved_at timestamptz not null default now(),
  primary key (organization_id, user_id, period_start),
  check (period_end >= period_start and period_end - period_start < 31),
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade,
  -- After a change of pay period, two approvals of one person still never cover the same day.
  constraint timesheet_approvals_no_overlap exclude using gist (
    organization_id with =,
    user_id with =,
    daterange(period_start, period_end, '[]') with &&
  )
);

alter table timesheet_approvals enable row level security;
create policy tenant_isolation on timesheet_approvals
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
