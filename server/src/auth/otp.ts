import { sql } from "kysely";
import type { Db } from "../lib/db/database.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { generateCode, hashCode, sameHash } from "./codes.ts";
import {
  CODE_TTL_MINUTES,
  IP_SEND_LIMIT,
  LOCK_HOURS,
  MAX_CONSECUTIVE_FAILURES,
  MAX_TRIES_PER_CODE,
  SEND_COOLDOWN_SECONDS,
  SEND_LIMITS,
} from "./limits.ts";

/**
 * Whether a code went out. `reason` says why not: "locked" (the destination is
 * locked after 10 failures; callers answer as if it was sent, so nobody learns
 * of the lock) or "limit" (a sending limit: 429 with Retry-After).
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

/** Why a send must wait, and how long in seconds; null when it may go now. */
async function waitBeforeSending(
  tx: Tx,
  key: string,
  ip: string,
  now: Date,
): Promise<{ reason: "locked" | "limit"; seconds: number } | null> {
  const guard = await tx
    .selectFrom("otp_destinations")
    .select("locked_until")
    .where("destination", "=", key)
    .executeTakeFirst();
  if (guard?.locked_until && new Date(guard.locked_until) > now) {
    return { reason: "locked", seconds: seconds(new Date(guard.locked_until).getTime() - now.getTime()) };
  }
  const limits = [
    { column: "destination" as const, value: key, perSeconds: SEND_COOLDOWN_SECONDS, max: 1 },
    ...SEND_LIMITS.map((limit) => ({ column: "destination" as const, value: key, ...limit })),
    { column: "ip" as const, value: ip, ...IP_SEND_LIMIT },
  ];
  for (const limit of limits) {
    const since = new Date(now.getTime() - limit.perSeconds * 1000);
    const { n, oldest } = await sendsSince(tx, limit.column, limit.value, since);
    if (Number(n) >= limit.max && oldest) {
      return {
        reason: "limit",
        seconds: seconds(new Date(oldest).getTime() + limit.perSeconds * 1000 - now.getTime()),
      };
    }
  }
  return null;
}

/**
 * Makes a new code for a destination (the previous one stops working) and
 * hands it to `deliver` inside the same transaction, with the moment the code
 * expires (a message still undelivered then is dropped, not sent late), unless
 * a limit or a lock says wait: then nothing is created and nothing is sent.
 */
export async function sendCode(
  db: Db,
  input: { key: string; ip: string; otpKey: string; now?: Date },
  deliver: (tx: Tx, code: string, expiresAt: Date) => Promise<void>,
): Promise<SendResult> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (tx) => {
    await lockAddress(tx, input.ip);
    await lockDestination(tx, input.key);
    const wait = await waitBeforeSending(tx, input.key, input.ip, now);
    if (wait !== null) return { sent: false, reason: wait.reason, retryAfterSeconds: wait.seconds };

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
      })
      .execute();
    await tx.insertInto("otp_sends").values({ destination: input.key, ip: input.ip, sent_at: now }).execute();
    await deliver(tx, code, expiresAt);
    return { sent: true };
  });
}

/**
 * Tries a code. Every try at a live code counts against the code (3 tries kill
 * it) and, when wrong, against the destination (10 in a row lock it for 24
 * hours; a new code does not reset that, a success does). A guess when no code
 * is live (none sent, expired, used or dead) is simply wrong and counts
 * nowhere, so a stranger cannot lock someone out without codes being sent to
 * them. The tries of one destination run one at a time, so simultaneous tries
 * cannot slip past the limits. The count is committed even when the answer is
 * no. When `onSuccess` throws, everything rolls back: the code stays unspent.
 */
export async function tryCode(
  db: Db,
  input: { key: string; code: string; otpKey: string; now?: Date },
  onSuccess?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (tx) => {
    await lockDestination(tx, input.key);
    const guard = await tx
      .selectFrom("otp_destinations")
      .select(["locked_until", "consecutive_failures"])
      .where("destination", "=", input.key)
      .executeTakeFirst();
    const locked = guard?.locked_until != null && new Date(guard.locked_until) > now;

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
      await onSuccess?.(tx);
      return true;
    }

    // Nothing live was guessed at (or the destination is locked): no count to keep.
    if (challenge === undefined) return false;

    // After a lock has run out, counting starts again (one more miss must not re-lock for a day).
    const lockExpired = guard?.locked_until != null && !locked;
    const failures = (lockExpired ? 0 : (guard?.consecutive_failures ?? 0)) + 1;
    const lockedUntil = failures >= MAX_CONSECUTIVE_FAILURES ? new Date(now.getTime() + LOCK_HOURS * 3600_000) : null;
    await tx
      .insertInto("otp_destinations")
      .values({ destination: input.key, consecutive_failures: failures, locked_until: lockedUntil })
      .onConflict((oc) =>
        oc.column("destination").doUpdateSet({ consecutive_failures: failures, locked_until: lockedUntil }),
      )
      .execute();
    return false;
  });
}
