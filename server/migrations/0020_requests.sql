-- Requests: what an employee asks of a manager, or of a teammate first
-- (claim an open shift, give a shift away, swap, availability, correct my
-- time), in one table whatever the kind; and the availability they give.
-- What each kind holds is in the contracts (requests.ts, availability.ts).

-- Which requests need a manager (Settings: requests).
alter table organization_settings
  add column claim_needs_approval boolean not null default true,
  add column cover_needs_approval boolean not null default true,
  add column swap_needs_approval boolean not null default true,
  add column swap_same_job_auto boolean not null default false,
  add column request_deadline_hours integer not null default 24 check (request_deadline_hours between 0 and 336),
  add column availability_needs_approval boolean not null default false;

create table requests (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  kind text not null check (kind in ('claim', 'cover', 'swap', 'availability', 'correction')),
  status text not null check (status in ('offered', 'pending', 'approved', 'declined', 'refused', 'cancelled', 'expired')),
  author_id uuid not null,
  -- claim: the open shift; cover and swap: the author's shift.
  shift_id uuid,
  -- swap: the teammate's shift.
  other_shift_id uuid,
  -- cover: the one teammate it is offered to (null: everyone eligible); swap: the teammate.
  to_user_id uuid,
  -- cover: who accepted it.
  taker_id uuid,
  accepted_at timestamptz,
  -- correction: the entry corrected (null: a missed entry).
  entry_id uuid,
  -- The board and job it concerns (filters, a supervisor's scope), and the day, in its zone.
  board_id uuid,
  job_id uuid,
  day date not null,
  -- What was asked, by kind: the shifts as they were when asked (claim, cover, swap),
  -- the availability change, the correction's times and the entry's version.
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
  note text check (char_length(note) <= 500),
  decided_by uuid references users (id) on delete set null,
  decided_at timestamptz,
  decision_reason text check (char_length(decision_reason) <= 500),
  automatic boolean not null default false,
  refusal_reason text check (char_length(refusal_reason) <= 500),
  closed_code text check (closed_code in ('shift_started', 'shift_taken', 'shift_changed', 'shift_gone')),
  version integer not null default 1 check (version >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint requests_org_id unique (organization_id, id),
  -- A shift's id goes (set null) when a publish removes the shift for good; `details` keeps it as asked.
  constraint requests_shift_kinds check (
    (shift_id is null or kind in ('claim', 'cover', 'swap'))
    and (other_shift_id is null or kind = 'swap')
    and (kind <> 'swap' or to_user_id is not null)
    and (taker_id is null or kind = 'cover')
    and (entry_id is null or kind = 'correction')
  ),
  constraint requests_decided check ((status in ('approved', 'declined')) = (decided_at is not null)),
  constraint requests_declined_reason check (status <> 'declined' or decision_reason is not null),
  constraint requests_expired_code check ((status = 'expired') = (closed_code is not null)),
  foreign key (organization_id, author_id) references memberships (organization_id, user_id) on delete cascade,
  foreign key (organization_id, to_user_id) references memberships (organization_id, user_id) on delete cascade,
  foreign key (organization_id, taker_id) references memberships (organization_id, user_id) on delete cascade,
  foreign key (organization_id, shift_id) references shifts (organization_id, id) on delete set null (shift_id),
  foreign key (organization_id, other_shift_id) references shifts (organization_id, id) on delete set null (other_shift_id),
  foreign key (organization_id, entry_id) references time_entries (organization_id, id) on delete set null (entry_id),
  foreign key (organization_id, board_id) references job_schedulers (organization_id, id) on delete set null (board_id),
  foreign key (organization_id, job_id) references jobs (organization_id, id) on delete set null (job_id)
);
-- The inbox: what waits, newest first; the history by day.
create index requests_waiting on requests (organization_id, created_at desc, id desc) where status in ('offered', 'pending');
create index requests_by_time on requests (organization_id, created_at desc, id desc);
create index requests_author on requests (organization_id, author_id, created_at desc);
create index requests_shift on requests (organization_id, shift_id) where status in ('offered', 'pending');
create index requests_other_shift on requests (organization_id, other_shift_id) where status in ('offered', 'pending');
-- One waiting claim of a shift per person; one waiting offer or swap of a shift; one waiting correction of an entry.
create unique index requests_one_claim on requests (organization_id, shift_id, author_id)
  where kind = 'claim' and status in ('offered', 'pending');
create unique index requests_one_giveaway on requests (organization_id, shift_id)
  where kind in ('cover', 'swap') and status in ('offered', 'pending');
create unique index requests_one_correction on requests (organization_id, entry_id)
  where kind = 'correction' and status in ('offered', 'pending') and entry_id is not null;

alter table requests enable row level security;
create policy tenant_isolation on requests
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);

-- Availability in force: a weekly window (weekday, from effective_from to
-- effective_until) or one date's exception. Wall-clock minutes of the day,
-- read in the zone of the shift they are held against; both null: the whole day.
create table availability_rules (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  user_id uuid not null,
  kind text not null check (kind in ('unavailable', 'prefer', 'available')),
  weekday smallint check (weekday between 0 and 6),
  day date,
  start_minute smallint check (start_minute between 0 and 1439),
  end_minute smallint check (end_minute between 1 and 1440),
  effective_from date,
  effective_until date,
  note text check (char_length(note) <= 500),
  -- The request that set it.
  request_id uuid,
  created_at timestamptz not null default now(),
  check ((weekday is null) <> (day is null)),
  check ((weekday is null) = (effective_from is null)),
  check (weekday is null or kind in ('unavailable', 'prefer')),
  check ((start_minute is null) = (end_minute is null) and (start_minute is null or end_minute > start_minute)),
  check (effective_until is null or effective_until >= effective_from),
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade,
  foreign key (organization_id, request_id) references requests (organization_id, id) on delete set null (request_id)
);
create index availability_rules_person on availability_rules (organization_id, user_id);

alter table availability_rules enable row level security;
create policy tenant_isolation on availability_rules
  using (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
  with check (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);
