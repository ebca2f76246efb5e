-- The role every application query runs as (see server/src/lib/db/app-role.ts).
-- Roles belong to the whole cluster, so another database may have made it already.
do $$
begin
  create role workshift_app nologin nosuperuser nobypassrls;
exception
  when duplicate_object or unique_violation then null;
end
$$;

-- Exclusion constraints on (person, time range) need GiST over plain columns.
create extension if not exists btree_gist;

create table organizations (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 50),
  created_at timestamptz not null default now()
);

-- The first tenant table: one row of settings per organization, readable and
-- writable only inside a transaction whose organization is set to its own.
create table organization_settings (
  organization_id uuid primary key references organizations (id) on delete cascade,
  time_zone text not null default 'UTC' check (time_zone <> ''),
  week_start smallint not null default 1 check (week_start between 0 and 6),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

alter table organization_settings enable row level security;

create policy tenant_isolation on organization_settings
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
