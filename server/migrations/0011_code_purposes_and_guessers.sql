-- Security review of sign-in codes (issue #5).
--
-- 1. Every code has a purpose, and is tried only for it: a code sent to
--    confirm an email does not sign in, and a sign-in code does not prove an
--    email. Sends and the destination's lock stay keyed by the bare
--    destination, so every purpose shares one sending budget and one lock.
alter table otp_challenges
  add column purpose text not null default 'sign_in'
  check (purpose in ('sign_in', 'email_verification', 'phone_verification', 'invitation'));

-- 2. Wrong tries are counted per destination AND requester address: 10 in a
--    row lock that pair (the guesser) for 24 hours, not the destination (its
--    owner). The destination-wide count in otp_destinations stays as a much
--    higher ceiling against guessing from many addresses.
create table otp_guessers (
  destination text not null,
  ip text not null,
  consecutive_failures integer not null default 0 check (consecutive_failures >= 0),
  locked_until timestamptz,
  primary key (destination, ip)
);
