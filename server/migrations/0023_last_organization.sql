-- The organization each account last entered (chose on the picker, created at
-- sign-up or joined by an invitation): the picker marks it and puts it first,
-- in any browser. Forgotten with its organization.
alter table users add column last_organization_id uuid references organizations (id) on delete set null;
