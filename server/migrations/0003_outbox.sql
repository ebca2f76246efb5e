-- Messages (SMS, email) waiting for delivery or delivered. A row is written in
-- the same transaction as the change that causes it, so a message exists if and
-- only if that change committed; a worker delivers it outside any transaction.
-- Sign-in messages belong to no organization: not a tenant table, no row-level security.

create table outbox_messages (
  id uuid primary key default gen_random_uuid(),
  -- Order of writing, for "newest first": timestamps tie (PGlite's clock counts milliseconds).
  seq bigint generated always as identity,
  channel text not null check (channel in ('sms', 'email')),
  -- Phone in the API's form (international digits, no "+") or an email address.
  recipient text not null check (char_length(recipient) between 1 and 254),
  subject text,
  -- Cleared in production once the message is sent or given up (it may hold a code).
  body text,
  -- The one-time code the body carries, for the development outbox; cleared with the body.
  code text,
  language text not null check (language in ('en', 'ar', 'fr', 'es')),
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  -- Deliveries started, counted when a worker claims the message.
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- While 'sending': the claim's end; a message still 'sending' after it is claimed again (crash recovery).
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  check (body is not null or status in ('sent', 'failed')),
  check (status <> 'sending' or claimed_until is not null)
);

-- What the worker looks for: due pending messages, and claims that ran out.
create index outbox_messages_due on outbox_messages (next_attempt_at) where status = 'pending';
create index outbox_messages_claimed on outbox_messages (claimed_until) where status = 'sending';
