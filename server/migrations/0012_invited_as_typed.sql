-- What an organization typed when it invited someone, kept on the membership
-- until the person activates (review of the team API, #5): the organization
-- sees and edits only these while the person has not joined, never the
-- account's own name or other contacts (the account may be someone's real
-- account, or another organization's invitee). The name columns being set
-- marks a membership that has not been activated; accepting clears them.
alter table memberships
  add column invited_first_name text check (char_length(invited_first_name) between 1 and 50),
  add column invited_last_name text check (char_length(invited_last_name) between 1 and 50),
  -- International digits as typed (no plus), or null when none was typed.
  add column invited_phone text check (invited_phone ~ '^[0-9]{6,15}$'),
  add column invited_email text check (char_length(invited_email) between 3 and 254),
  add constraint memberships_invited_names check ((invited_first_name is null) = (invited_last_name is null));

-- Memberships waiting for activation (invited, or archived before they ever
-- accepted) keep showing what they showed before this migration.
update memberships m
set invited_first_name = left(u.first_name, 50),
    invited_last_name = left(u.last_name, 50),
    invited_phone = case when u.phone ~ '^[0-9]{6,15}$' then u.phone end,
    invited_email = case when char_length(u.email) between 3 and 254 then u.email end
from users u
where u.id = m.user_id
  and char_length(u.first_name) > 0
  and char_length(u.last_name) > 0
  and (
    m.status = 'invited'
    or (
      m.status = 'archived'
      and exists (select 1 from invitations i where i.organization_id = m.organization_id and i.user_id = m.user_id)
      and not exists (
        select 1 from invitations i
        where i.organization_id = m.organization_id and i.user_id = m.user_id and i.accepted_at is not null
      )
    )
  );

-- The organization's sending budget counts its invitations of the last hour and day.
create index invitations_sent on invitations (organization_id, created_at);
