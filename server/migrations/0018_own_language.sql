-- Whether an account's language is its person's own: chosen by them, or taken
-- from their browser when they signed up, accepted an invitation or first used
-- the app signed in. An account an invitation made starts in the inviter's
-- language, a guess the person's browser replaces at the first of those.
-- Accounts made before this cannot tell which they hold, so they start as a
-- guess too: the person's browser settles it at their next visit.
alter table users add column language_chosen boolean not null default false;
