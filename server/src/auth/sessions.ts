import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Role } from "@workshift/contracts";
import { expressionBuilder } from "kysely";
import type { Db } from "../lib/db/database.ts";
import type { Tables } from "../lib/db/schema.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { signAccessToken } from "./access-token.ts";
import type { AuthKeys } from "./keys.ts";
import { REFRESH_FAMILY_DAYS, REFRESH_REUSE_GRACE_SECONDS } from "./limits.ts";

export interface Tokens {
  access: string;
  refresh: string;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The token that replaces `token` is derived from it, so two requests that
 * present the same token at once both receive the same successor (two tabs
 * refreshing together) without the server keeping any token in clear.
 */
const successorOf = (key: string, token: string) => createHmac("sha256", key).update(token).digest("base64url");

export interface SessionScope {
  userId: string;
  organizationId: string | null;
  role: Role | null;
}

/**
 * Starts a session: a new refresh-token family with an absolute lifetime, and
 * its first access token. A session in an organization is the person entering
 * it, so that organization becomes the one they last entered (the picker marks it).
 */
export async function startSession(
  tx: Tx | Db,
  keys: AuthKeys,
  scope: SessionScope,
  now = new Date(),
  /** A session that continues another (choosing an organization) keeps the other's absolute end. */
  expiresAt = new Date(now.getTime() + REFRESH_FAMILY_DAYS * 86_400_000),
): Promise<Tokens> {
  const familyId = randomUUID();
  const refresh = randomBytes(32).toString("base64url");
  await tx
    .insertInto("refresh_tokens")
    .values({
      family_id: familyId,
      user_id: scope.userId,
      organization_id: scope.organizationId,
      token_hash: hashToken(refresh),
      family_expires_at: expiresAt,
      created_at: now,
    })
    .execute();
  if (scope.organizationId !== null) {
    await tx
      .updateTable("users")
      .set({ last_organization_id: scope.organizationId })
      .where("id", "=", scope.userId)
      .execute();
  }
  const access = await signAccessToken(keys.access, { ...scope, sessionId: familyId });
  return { access, refresh };
}

export async function endSession(tx: Tx | Db, familyId: string, now = new Date()): Promise<void> {
  await tx
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .execute();
}

/**
 * Trades a refresh token for a new pair. Each token works once; presented
 * again within a few seconds it yields the same successor, later it is taken
 * for a stolen copy and ends the whole family. Returns null when the token is
 * unknown, revoked, past the family's lifetime or reused.
 */
export async function refreshSession(
  db: Db,
  keys: AuthKeys,
  token: string,
  currentRole: (tx: Tx, userId: string, organizationId: string | null) => Promise<Role | null | undefined>,
  now = new Date(),
): Promise<Tokens | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("refresh_tokens")
      .selectAll()
      .where("token_hash", "=", hashToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || new Date(row.family_expires_at) <= now) return null;

    const successor = successorOf(keys.refresh, token);
    if (row.rotated_at !== null) {
      const sinceRotation = now.getTime() - new Date(row.rotated_at).getTime();
      if (sinceRotation > REFRESH_REUSE_GRACE_SECONDS * 1000) {
        await endSession(tx, row.family_id, now);
        return null;
      }
    } else {
      await tx.updateTable("refresh_tokens").set({ rotated_at: now }).where("id", "=", row.id).execute();
      await tx
        .insertInto("refresh_tokens")
        .values({
          family_id: row.family_id,
          user_id: row.user_id,
          organization_id: row.organization_id,
          token_hash: hashToken(successor),
          family_expires_at: row.family_expires_at,
          created_at: now,
        })
        .execute();
    }

    // The role is read again, so a changed or removed membership shows at the next refresh.
    const role = await currentRole(tx, row.user_id, row.organization_id);
    if (role === undefined) {
      await endSession(tx, row.family_id, now);
      return null;
    }
    const access = await signAccessToken(keys.access, {
      userId: row.user_id,
      organizationId: row.organization_id,
      role,
      sessionId: row.family_id,
    });
    return { access, refresh: successor };
  });
}

/**
 * Whether a session is live: not logged out, not ended by an archive, not
 * past its lifetime. An expression, so a caller can fold it into the query it
 * runs anyway (the membership read of every tenant request); one probe of the
 * index of live families either way.
 */
export function sessionLive(familyId: string, now = new Date()) {
  const eb = expressionBuilder<Tables, never>();
  return eb.exists(
    eb
      .selectFrom("refresh_tokens")
      .select("family_id")
      .where("family_id", "=", familyId)
      .where("revoked_at", "is", null)
      .where("family_expires_at", ">", now),
  );
}

/** Whether a session is live (see sessionLive), asked on its own. */
export async function isSessionLive(tx: Tx | Db, familyId: string, now = new Date()): Promise<boolean> {
  const row = await tx.selectNoFrom(sessionLive(familyId, now).as("live")).executeTakeFirstOrThrow();
  return Boolean(row.live);
}

/** When a live session (not logged out, not past its lifetime) ends; undefined for any other. */
export async function liveSessionEnd(tx: Tx | Db, familyId: string, now = new Date()): Promise<Date | undefined> {
  const row = await tx
    .selectFrom("refresh_tokens")
    .select("family_expires_at")
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .where("family_expires_at", ">", now)
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.family_expires_at) : undefined;
}
