-- Punches the server refused (clocking in twice, from outside the job's site,
-- too early for the shift, into an approved period…), kept for the manager:
-- the person was told on their phone, and the live view shows who tried what
-- and why, so "the app would not let me clock in" can be checked. Written
-- apart from the refused punch's own transaction (which rolled back), once
-- per device id, a bounded number a day per person, for 90 days; nothing here
-- ever counts as worked time.
create table time_punch_refusals (
  organization_id uuid not null,
  user_id uuid not null,
  id uuid not null,
  kind text not null check (kind in ('clock_in', 'break_start', 'break_end', 'clock_out')),
  happened_at timestamptz not null,
  received_at timestamptz not null default now(),
  -- The message key the person was shown (validation namespace, e.g. timeClock.outsideSite).
  reason text not null check (reason ~ '^timeClock\.[A-Za-z]+$'),
  -- Where they stood, kept only for a refusal about where they stood (outside the site).
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  accuracy_m double precision check (accuracy_m >= 0),
  primary key (organization_id, user_id, id),
  check ((latitude is null) = (longitude is null)),
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade
);
create index time_punch_refusals_person on time_punch_refusals (organization_id, user_id, received_at);

alter table time_punch_refusals enable row level security;
create policy tenant_isolation on time_punch_refusals
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
