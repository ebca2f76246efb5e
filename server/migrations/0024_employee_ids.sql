-- A person's employee id in this organization (their payroll id), as the
-- organization types it: optional, at most 50 characters, and never the same
-- as another person's of the organization (archived people keep theirs).
alter table memberships
  add column employee_id text check (employee_id is null or char_length(employee_id) between 1 and 50);
create unique index memberships_employee_id on memberships (organization_id, employee_id)
  where employee_id is not null;
