-- The team (memberships with rates, invitations), jobs, and what schedule
-- boards hold. Every tenant table carries organization_id, has row-level
-- security, and refers to its parents through (organization_id, id) so a row
-- can never point into another organization.

alter table job_schedulers add constraint job_schedulers_org_id unique (organization_id, id);
-- A board's name is unique among the organization's boards that are in use.
create unique index job_schedulers_active_name on job_schedulers (organization_id, lower(name))
  where not is_archived;

create table jobs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 60),
  color text not null check (color ~ '^#[0-9a-f]{6}$'),
  description text check (char_length(description) <= 500),
  address text check (char_length(address) <= 200),
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  -- Metres around the position within which a clock-in counts as on site.
  radius_m integer check (radius_m between 10 and 100000),
  -- IANA zone; null means the organization's.
  time_zone text check (time_zone <> ''),
  hourly_rate numeric(10, 2) check (hourly_rate >= 0),
  is_archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((latitude is null) = (longitude is null)),
  check (radius_m is null or latitude is not null),
  constraint jobs_org_id unique (organization_id, id)
);
create unique index jobs_active_name on jobs (organization_id, lower(name)) where not is_archived;

alter table jobs enable row level security;
create policy tenant_isolation on jobs
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);

-- Pay and provenance of a membership.
alter table memberships
  add column hourly_rate numeric(10, 2) check (hourly_rate >= 0),
  add column invited_by uuid references users (id) on delete set null,
  add column archived_at timestamptz;
update memberships set archived_at = updated_at where status = 'archived';
alter table memberships add constraint memberships_archived_at check ((status = 'archived') = (archived_at is not null));
create index memberships_organization_status on memberships (organization_id, status);

-- The jobs a person may work.
create table membership_jobs (
  organization_id uuid not null,
  user_id uuid not null,
  job_id uuid not null,
  primary key (organization_id, user_id, job_id),
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade,
  foreign key (organization_id, job_id) references jobs (organization_id, id) on delete cascade
);
create index membership_jobs_job on membership_jobs (organization_id, job_id);

-- The jobs scheduled on a board.
create table job_scheduler_jobs (
  organization_id uuid not null,
  job_scheduler_id uuid not null,
  job_id uuid not null,
  primary key (organization_id, job_scheduler_id, job_id),
  foreign key (organization_id, job_scheduler_id) references job_schedulers (organization_id, id) on delete cascade,
  foreign key (organization_id, job_id) references jobs (organization_id, id) on delete cascade
);
create index job_scheduler_jobs_job on job_scheduler_jobs (organization_id, job_id);

-- The people on a board.
create table job_scheduler_members (
  organization_id uuid not null,
  job_scheduler_id uuid not null,
  user_id uuid not null,
  primary key (organization_id, job_scheduler_id, user_id),
  foreign key (organization_id, job_scheduler_id) references job_schedulers (organization_id, id) on delete cascade,
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade
);
create index job_scheduler_members_user on job_scheduler_members (organization_id, user_id);

alter table membership_jobs enable row level security;
create policy tenant_isolation on membership_jobs
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
alter table job_scheduler_jobs enable row level security;
create policy tenant_isolation on job_scheduler_jobs
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
alter table job_scheduler_members enable row level security;
create policy tenant_isolation on job_scheduler_members
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);

-- Invitation links (/account/activate/{token}): only a SHA-256 of the token is
-- kept. A link works once, until it expires or is revoked; resending replaces
-- the person's live link (at most one live link per membership).
create table invitations (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  user_id uuid not null,
  token_hash text not null unique,
  invited_by uuid references users (id) on delete set null,
  channel text not null check (channel in ('sms', 'email')),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade
);
create unique index invitations_live on invitations (organization_id, user_id)
  where accepted_at is null and revoked_at is null;

alter table invitations enable row level security;
create policy tenant_isolation on invitations
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
-- Someone holding a link may read that one invitation (to learn its
-- organization) before any organization is chosen.
create policy by_token on invitations for select
  using (token_hash = nullif(current_setting('app.invitation_token_hash', true), ''));
