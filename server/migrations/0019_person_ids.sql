-- A person's id in an organization, which is all the API ever names them by:
-- never the account's own id (users.id), which would let two organizations
-- (or one organization and a link anyone holds) tell that they have the same
-- person. It is derived one way from the organization and the account
-- (SHA-256, written as a version 8 UUID), so every organization sees a
-- different id for one account, nobody can go back from it to the account,
-- and the server maps at its edge without a lookup (the same function in
-- server/src/lib/access/person-ids.ts; a test keeps the two equal). Tables
-- keep referring to accounts inside; memberships.id is where a person id is
-- looked up when a request names someone.
create function person_id(organization uuid, account uuid) returns uuid
language sql immutable strict parallel safe
as $$
  select (
    substr(digest, 1, 12) || '8' || substr(digest, 14, 3)
    || substr('89ab', (position(substr(digest, 17, 1) in '0123456789abcdef') - 1) % 4 + 1, 1)
    || substr(digest, 18, 15)
  )::uuid
  from (
    select encode(
      sha256(decode(replace(organization::text, '-', '') || replace(account::text, '-', ''), 'hex')),
      'hex'
    ) as digest
  ) as hashed
$$;

alter table memberships add column id uuid not null generated always as (person_id(organization_id, user_id)) stored;
create unique index memberships_person on memberships (organization_id, id);
