-- A message can go stale: a sign-in code is worth nothing once the code has
-- expired (5 minutes), so retrying it for hours would only deliver a dead code
-- late. Such a message carries its expiry; once past it, the worker drops it as
-- 'expired' instead of sending it. Messages without an expiry (null) never go stale.

alter table outbox_messages add column expires_at timestamptz;

alter table outbox_messages drop constraint outbox_messages_status_check;
alter table outbox_messages
  add constraint outbox_messages_status_check check (status in ('pending', 'sending', 'sent', 'failed', 'expired'));

-- Like a sent or failed message, an expired one may have its body (and code) erased.
alter table outbox_messages drop constraint outbox_messages_check;
alter table outbox_messages
  add constraint outbox_messages_check check (body is not null or status in ('sent', 'failed', 'expired'));
