-- An email address counts only once its owner has proved it by a code. Until
-- then it is not used to sign in, and it does not stop anyone else from
-- claiming and proving the same address (so typing someone's address into
-- a profile neither locks them out nor tells whether it is in use).

alter table users add column email_verified_at timestamptz;
alter table users drop constraint users_email_key;
create unique index users_verified_email on users (email) where email_verified_at is not null;
create index users_email on users (email);
