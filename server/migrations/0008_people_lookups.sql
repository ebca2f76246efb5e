-- Lookups of the team API (issue #5) that would otherwise scan whole tables
-- shared by every organization: a person's latest invitation (the list shows
-- it, resend checks its age), and a person's sessions (archiving ends those in
-- the organization; a profile is theirs once they have signed in).
create index invitations_person on invitations (organization_id, user_id, created_at desc);
create index refresh_tokens_user on refresh_tokens (user_id, organization_id);
