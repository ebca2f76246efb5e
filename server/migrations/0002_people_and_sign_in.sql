-- People, their organizations, one-time codes, sessions and the audit log.

create table users (
  id uuid primary key default gen_random_uuid(),
  first_name text not null check (char_length(first_name) between 1 and 50),
  last_name text not null check (char_length(last_name) between 1 and 50),
  -- International digits without "+", e.g. 96171123456.
  phone text unique check (phone ~ '^[0-9]{6,15}$'),
  email text unique check (email = lower(email) and char_length(email) <= 254),
  language text not null default 'en' check (language in ('en', 'ar', 'fr', 'es')),
  color text not null check (color ~ '^#[0-9a-f]{6}$'),
  -- Set only by `npm run platform-admin`, never through the API.
  is_platform_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (phone is not null or email is not null)
);

create table memberships (
  organization_id uuid not null references organizations (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (role in ('OWNER', 'SUPERVISOR', 'EMPLOYEE')),
  permissions text[] not null default '{}',
  status text not null default 'active' check (status in ('invited', 'active', 'archived')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (organization_id, user_id)
);
create index memberships_user on memberships (user_id);

alter table memberships enable row level security;
create policy tenant_isolation on memberships
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
-- A person may list their own memberships across organizations (to choose one).
create policy own_memberships on memberships for select
  using (user_id = nullif(current_setting('app.user_id', true), '')::uuid);

-- One-time codes: only an HMAC of the code is kept.
create table otp_challenges (
  id uuid primary key default gen_random_uuid(),
  destination text not null,
  code_hash text not null,
  attempts integer not null default 0 check (attempts between 0 and 3),
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index otp_challenges_destination on otp_challenges (destination, created_at desc);

-- Consecutive failures and lockout per destination; survives new codes.
create table otp_destinations (
  destination text primary key,
  consecutive_failures integer not null default 0 check (consecutive_failures >= 0),
  locked_until timestamptz
);

-- Every code sent, for the per-destination and per-IP sending limits.
create table otp_sends (
  id uuid primary key default gen_random_uuid(),
  destination text not null,
  ip text not null,
  sent_at timestamptz not null default now()
);
create index otp_sends_destination on otp_sends (destination, sent_at desc);
create index otp_sends_ip on otp_sends (ip, sent_at desc);

-- Refresh tokens, stored hashed, rotated on every use, grouped in families
-- (one sign-in = one family); reuse of a rotated token revokes the family.
create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  organization_id uuid references organizations (id) on delete cascade,
  token_hash text not null unique,
  family_expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family on refresh_tokens (family_id);

create table audit_log (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations (id) on delete cascade,
  actor_user_id uuid references users (id) on delete set null,
  action text not null,
  target_type text,
  target_id text,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_organization on audit_log (organization_id, created_at desc);

alter table audit_log enable row level security;
create policy tenant_isolation on audit_log
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
