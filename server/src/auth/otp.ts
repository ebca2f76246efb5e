import { sql } from "kysely";
import type { Db } from "../lib/db/database.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { generateCode, hashCode, sameHash } from "./codes.ts";
import {
  CODE_TTL_MINUTES,
  IP_SEND_LIMIT,
  LOCK_HOURS,
  MAX_CONSECUTIVE_FAILURES,
  MAX_DESTINATION_FAILURES,
  MAX_TRIES_PER_CODE,
  SEND_COOLDOWN_SECONDS,
  SEND_LIMITS,
} from "./limits.ts";

/** What a code is for; a code is tried only for the purpose it was sent for (0011). */
export type OtpPurpose = "sign_in" | "email_verification" | "phone_verification" | "invitation";

/**
 * Whether a code went out. `reason` says why not: "locked" (the destination,
 * or this address at it, is locked after too many wrong tries; callers answer
 * as if it was sent, so nobody learns of the lock) or "limit" (a sending
 * limit: 429 with Retry-After).
 */
export type SendResult = { sent: true } | { sent: false; reason: "locked" | "limit"; retryAfterSeconds: number };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Serialises everything about one destination (sends, tries) across connections and instances. */
const lockDestination = (tx: Tx, key: string) => sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(tx);

/**
 * Serialises the sends of one client address, so that simultaneous requests
 * cannot all pass the per-address count. Always taken before the destination's
 * lock (one order everywhere: no deadlock); the prefix keeps it apart from
 * destination keys ("phone:…", "email:…").
 */
const lockAddress = (tx: Tx, ip: string) => sql`select pg_advisory_xact_lock(hashtext(${`ip:${ip}`}))`.execute(tx);

async function sendsSince(tx: Tx, column: "destination" | "ip", value: string, since: Date) {
  return tx
    .selectFrom("otp_sends")
    .select((eb) => [eb.fn.countAll<string>().as("n"), eb.fn.min("sent_at").as("oldest")])
    .where(column, "=", value)
    .where("sent_at", ">", since)
    .executeTakeFirstOrThrow();
}

/** How long a sending limit says wait, in seconds; null when a send may go now. */
async function waitBeforeSending(tx: Tx, key: string, ip: string, now: Date): Promise<number | null> {
  const limits = [
    { column: "destination" as const, value: key, perSeconds: SEND_COOLDOWN_SECONDS, max: 1 },
    ...SEND_LIMITS.map((limit) => ({ column: "destination" as const, value: key, ...limit })),
    { column: "ip" as const, value: ip, ...IP_SEND_LIMIT },
  ];
  for (const limit of limits) {
    const since = new Date(now.getTime() - limit.perSeconds * 1000);
    const { n, oldest } = await sendsSince(tx, limit.column, limit.value, since);
    if (Number(n) >= limit.max && oldest) {
      return seconds(new Date(oldest).getTime() + limit.perSeconds * 1000 - now.getTime());
    }
  }
  return null;
}

const isLive = (lockedUntil: Date | string | null | undefined, now: Date) =>
  lockedUntil != null && new Date(lockedUntil) > now;

/** The destination's and this address's failure counts, and whether either is locked now. */
async function guardsOf(tx: Tx, key: string, ip: string, now: Date) {
  const destination = await tx
    .selectFrom("otp_destinations")
    .select(["locked_until", "consecutive_failures"])
    .where("destination", "=", key)
    .executeTakeFirst();
  const guesser = await tx
    .selectFrom("otp_guessers")
    .select(["locked_until", "consecutive_failures"])
    .where("destination", "=", key)
    .where("ip", "=", ip)
    .executeTakeFirst();
  const locked = isLive(destination?.locked_until, now) || isLive(guesser?.locked_until, now);
  return { destination, guesser, locked };
}

/**
 * Makes a new code for a destination and purpose (the previous code, of any
 * purpose, stops working) and hands it to `deliver` inside the same
 * transaction, with the moment the code expires (a message still undelivered
 * then is dropped, not sent late), unless a limit or a lock says wait.
 *
 * The sending limits (59 s per destination, per 10 minutes, per day, per
 * client address) are checked first and apply alike whether or not the
 * destination is locked, and a send refused by a lock is recorded like any
 * other (without a code): so the answers a locked destination gets (200, then
 * 429 within 59 s) are those of any other, and a lock tells nothing. A lock
 * creates no code and kills none (the owner's live code keeps working).
 */
export async function sendCode(
  db: Db,
  input: { key: string; ip: string; otpKey: string; purpose: OtpPurpose; now?: Date },
  deliver: (tx: Tx, code: string, expiresAt: Date) => Promise<void>,
): Promise<SendResult> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (tx) => {
    await lockAddress(tx, input.ip);
    await lockDestination(tx, input.key);
    const wait = await waitBeforeSending(tx, input.key, input.ip, now);
    if (wait !== null) return { sent: false, reason: "limit", retryAfterSeconds: wait };

    await tx.insertInto("otp_sends").values({ destination: input.key, ip: input.ip, sent_at: now }).execute();
    const { locked } = await guardsOf(tx, input.key, input.ip, now);
    if (locked) return { sent: false, reason: "locked", retryAfterSeconds: SEND_COOLDOWN_SECONDS };

    const code = generateCode();
    const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
    await tx
      .updateTable("otp_challenges")
      .set({ consumed_at: now })
      .where("destination", "=", input.key)
      .where("consumed_at", "is", null)
      .execute();
    await tx
      .insertInto("otp_challenges")
      .values({
        destination: input.key,
        code_hash: hashCode(input.otpKey, input.key, code),
        expires_at: expiresAt,
        created_at: now,
        purpose: input.purpose,
      })
      .execute();
    await deliver(tx, code, expiresAt);
    return { sent: true };
  });
}

/** One more wrong try on a count; after its lock has run out counting starts again (one miss must not re-lock). */
function nextCount(guard: { locked_until: Date | string | null; consecutive_failures: number } | undefined, now: Date) {
  const lockExpired = guard?.locked_until != null && !isLive(guard.locked_until, now);
  return (lockExpired ? 0 : (guard?.consecutive_failures ?? 0)) + 1;
}

/**
 * Tries a code for one of `purposes` (a live code sent for another purpose is
 * as good as none). Every try at a live code counts against the code (3 tries
 * kill it) and, when wrong, against the requester: 10 wrong in a row from one
 * address lock that address out of this destination for 24 hours (a new code
 * does not reset that, a success does), so a stranger's guessing locks the
 * stranger, not the owner. All addresses together have a much higher ceiling
 * (MAX_DESTINATION_FAILURES in a row lock the destination for everyone).
 * A guess when no code is live (none sent, expired, used, dead or of another
 * purpose) is simply wrong and counts nowhere. The tries of one destination
 * run one at a time, so simultaneous tries cannot slip past the limits. The
 * counts are committed even when the answer is no. When `onSuccess` throws,
 * everything rolls back: the code stays unspent.
 */
export async function tryCode(
  db: Db,
  input: {
    key: string;
    ip: string;
    code: string;
    otpKey: string;
    purposes: readonly [OtpPurpose, ...OtpPurpose[]];
    now?: Date;
  },
  onSuccess?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (tx) => {
    await lockDestination(tx, input.key);
    const { destination, guesser, locked } = await guardsOf(tx, input.key, input.ip, now);

    const challenge = locked
      ? undefined
      : await tx
          .updateTable("otp_challenges")
          .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
          .where("id", "=", (eb) =>
            eb
              .selectFrom("otp_challenges")
              .select("id")
              .where("destination", "=", input.key)
              .where("purpose", "in", input.purposes)
              .where("consumed_at", "is", null)
              .where("expires_at", ">", now)
              .where("attempts", "<", MAX_TRIES_PER_CODE)
              .orderBy("created_at", "desc")
              .limit(1),
          )
          .returning(["id", "code_hash"])
          .executeTakeFirst();

    const right =
      challenge !== undefined && sameHash(challenge.code_hash, hashCode(input.otpKey, input.key, input.code));
    if (right) {
      await tx.updateTable("otp_challenges").set({ consumed_at: now }).where("id", "=", challenge.id).execute();
      await tx
        .insertInto("otp_destinations")
        .values({ destination: input.key, consecutive_failures: 0, locked_until: null })
        .onConflict((oc) => oc.column("destination").doUpdateSet({ consecutive_failures: 0, locked_until: null }))
        .execute();
      await tx.deleteFrom("otp_guessers").where("destination", "=", input.key).where("ip", "=", input.ip).execute();
      await onSuccess?.(tx);
      return true;
    }

    // Nothing live was guessed at (or this requester or the destination is locked): no count to keep.
    if (challenge === undefined) return false;

    const lockFor = (failures: number, max: number) =>
      failures >= max ? new Date(now.getTime() + LOCK_HOURS * 3600_000) : null;
    const mine = nextCount(guesser, now);
    const mineLockedUntil = lockFor(mine, MAX_CONSECUTIVE_FAILURES);
    await tx
      .insertInto("otp_guessers")
      .values({ destination: input.key, ip: input.ip, consecutive_failures: mine, locked_until: mineLockedUntil })
      .onConflict((oc) =>
        oc.columns(["destination", "ip"]).doUpdateSet({ consecutive_failures: mine, locked_until: mineLockedUntil }),
      )
      .execute();
    const all = nextCount(destination, now);
    const allLockedUntil = lockFor(all, MAX_DESTINATION_FAILURES);
    await tx
      .insertInto("otp_destinations")
      .values({ destination: input.key, consecutive_failures: all, locked_until: allLockedUntil })
      .onConflict((oc) =>
        oc.column("destination").doUpdateSet({ consecutive_failures: all, locked_until: allLockedUntil }),
      )
      .execute();
    return false;
  });
}
