-- Shift scheduling (issue #6). A shift row holds the schedule as managers
-- draft it; the published_* columns hold what the assigned people last saw.
-- Publishing copies the draft over them. Times are instants; days and weeks
-- are read in the board's zone by the application.

-- A board's scheduling rules (warnings only).
alter table job_schedulers
  add column min_rest_minutes integer not null default 600 check (min_rest_minutes between 0 and 2880),
  add column daily_limit_minutes integer not null default 480 check (daily_limit_minutes between 60 and 1440),
  add column weekly_limit_minutes integer not null default 2400 check (weekly_limit_minutes between 60 and 10080);

create table shifts (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  job_scheduler_id uuid not null,
  -- null: an open shift.
  user_id uuid,
  job_id uuid,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  break_minutes integer not null default 0,
  note text check (char_length(note) <= 500),
  -- Rises with every change (optimistic concurrency between managers).
  version integer not null default 1 check (version >= 1),
  -- Published and waiting for the next publish to be removed.
  deleted_at timestamptz,
  -- What people saw at the last publish (all null while a draft).
  published_at timestamptz,
  published_user_id uuid,
  published_job_id uuid,
  published_starts_at timestamptz,
  published_ends_at timestamptz,
  published_break_minutes integer,
  published_note text,
  created_by uuid references users (id) on delete set null,
  updated_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint shifts_org_id unique (organization_id, id),
  constraint shifts_length check (ends_at > starts_at and ends_at - starts_at <= interval '24 hours'),
  constraint shifts_break check (break_minutes >= 0 and break_minutes * interval '1 minute' < ends_at - starts_at),
  -- Only a published shift can wait for removal.
  constraint shifts_deleted_published check (deleted_at is null or published_at is not null),
  constraint shifts_published_whole check (
    (published_at is null) = (published_starts_at is null)
    and (published_at is null) = (published_ends_at is null)
    and (published_at is null) = (published_break_minutes is null)
  ),
  foreign key (organization_id, job_scheduler_id) references job_schedulers (organization_id, id) on delete cascade,
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade,
  foreign key (organization_id, job_id) references jobs (organization_id, id) on delete set null (job_id),
  -- The same person twice at once is refused by the database itself.
  constraint shifts_no_overlap exclude using gist (
    organization_id with =,
    user_id with =,
    tstzrange(starts_at, ends_at) with &&
  ) where (user_id is not null and deleted_at is null)
);
create index shifts_board_time on shifts (organization_id, job_scheduler_id, starts_at);
create index shifts_person_time on shifts (organization_id, user_id, starts_at) where user_id is not null;
create index shifts_published_person on shifts (organization_id, published_user_id, published_starts_at)
  where published_at is not null;

alter table shifts enable row level security;
create policy tenant_isolation on shifts
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);

-- A week saved by name. Shifts are kept as wall-clock offsets from the week's
-- first day in the board's zone, so a template applies across DST changes.
create table schedule_templates (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  job_scheduler_id uuid not null,
  name text not null check (char_length(name) between 1 and 60),
  -- [{ "day": 0-6, "start": "HH:MM", "minutes": n, "break_minutes": n, "user_id": uuid|null, "job_id": uuid|null, "note": text|null }]
  shifts jsonb not null default '[]'::jsonb check (jsonb_typeof(shifts) = 'array'),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (organization_id, job_scheduler_id) references job_schedulers (organization_id, id) on delete cascade
);
create unique index schedule_templates_name on schedule_templates (organization_id, job_scheduler_id, lower(name));

alter table schedule_templates enable row level security;
create policy tenant_isolation on schedule_templates
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);

-- A person's calendar feed (iCal) in one organization: only a SHA-256 of the
-- secret token is kept; revoking deletes the row.
create table calendar_feeds (
  organization_id uuid not null,
  user_id uuid not null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id),
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade
);

alter table calendar_feeds enable row level security;
create policy tenant_isolation on calendar_feeds
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
-- A calendar app holding the feed URL may read that one row (to learn its
-- organization and person) before any organization is chosen.
create policy by_token on calendar_feeds for select
  using (token_hash = nullif(current_setting('app.calendar_token_hash', true), ''));
