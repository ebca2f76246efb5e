/** Sending and trying limits of signing in; they live in the database, so they hold across instances. */
export const CODE_TTL_MINUTES = 5;
export const MAX_TRIES_PER_CODE = 3;
/** Wrong tries in a row from one address at one destination that lock that pair (the guesser, not the owner). */
export const MAX_CONSECUTIVE_FAILURES = 10;
/**
 * Wrong tries in a row at one destination from all addresses together that
 * lock the destination itself: a ceiling against guessing from many addresses.
 * Sends cap tries at 30 a day per destination (10 codes × 3 tries), so this
 * takes at least two days of someone else's codes, and a success resets it.
 */
export const MAX_DESTINATION_FAILURES = 50;
export const LOCK_HOURS = 24;

export const SEND_COOLDOWN_SECONDS = 59;
export const SEND_LIMITS = [
  { perSeconds: 10 * 60, max: 5 },
  { perSeconds: 24 * 60 * 60, max: 10 },
] as const;
/** One address (an office, a carrier's NAT) may send for many people, so this is looser. */
export const IP_SEND_LIMIT = { perSeconds: 60 * 60, max: 30 } as const;

/** Grace for a refresh token presented twice at once (two tabs): both get the same successor. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
export const REFRESH_FAMILY_DAYS = 30;
export const ACCESS_TOKEN_MINUTES = 15;
