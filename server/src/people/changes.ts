import {
  isOwnerRole,
  type MemberRole,
  OWNER_ROLE,
  type Permission,
  type Person,
  roleTakesPermissions,
} from "@workshift/contracts";
import { sql } from "kysely";
import type { Actor } from "../lib/access/actor.ts";
import { recordAudit } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { notFound, refuse } from "../lib/http/errors.ts";
import { setEmployeeId } from "./employee-id.ts";
import { loadPerson } from "./list.ts";
import { assertMayAssign, assertMayManage } from "./permission-table.ts";
import { checkReferences } from "./references.ts";

export const RESEND_COOLDOWN_SECONDS = 60;

/** The fields of a person that the audit log keeps before and after a change. */
const snapshot = (person: Person) => ({
  first_name: person.first_name,
  last_name: person.last_name,
  role: person.role,
  permissions: person.permissions,
  status: person.status,
  hourly_rate: person.hourly_rate,
  employee_id: person.employee_id,
  job_ids: person.job_ids,
  board_ids: person.board_ids,
});

/** What a change of a person reads of their membership, under its lock. */
const membershipColumns = ["user_id", "role", "permissions", "status", "hourly_rate", "invited_first_name"] as const;

/**
 * Locks the active owners (the last one must stay) and the person changed, in
 * one statement and in user id order, as every other taker of several people's
 * locks does (bulk approval). Every change that can take away an owner takes
 * this lock first, so "the last owner" is decided by one transaction at a
 * time. FOR NO KEY UPDATE: it serialises these changes without waiting for
 * anyone's requests in flight (they hold their own membership FOR KEY SHARE),
 * so the same owner sending several changes at once queues them instead of
 * deadlocking. The person whose rights change is then locked FOR UPDATE
 * (lockForWithdrawal).
 */
async function lockOwnersAndMembership(tx: Tx, organizationId: string, userId: string) {
  const rows = await tx
    .selectFrom("memberships")
    .select(membershipColumns)
    .where("organization_id", "=", organizationId)
    .where((eb) =>
      eb.or([eb.and([eb("role", "=", OWNER_ROLE), eb("status", "=", "active")]), eb("user_id", "=", userId)]),
    )
    .orderBy("user_id")
    .forNoKeyUpdate()
    .execute();
  const current = rows.find((row) => row.user_id === userId);
  // Someone of another organization (or no one) answers like a missing person.
  if (!current) throw notFound("No such person");
  const owners = rows.filter((row) => isOwnerRole(row.role) && row.status === "active").map((row) => row.user_id);
  return { owners, current };
}

/**
 * Before a change that can take rights away (role, permissions, archive):
 * FOR UPDATE waits for that person's writes in flight, which hold their
 * membership FOR KEY SHARE, so none of them commits after the change. Two
 * owners changing each other at the same moment can still cross; PostgreSQL
 * then cancels one, and inTenant runs it again.
 */
async function lockForWithdrawal(tx: Tx, organizationId: string, userId: string): Promise<void> {
  await tx
    .selectFrom("memberships")
    .select("user_id")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .forUpdate()
    .execute();
}

/**
 * Locks one person's membership for a change that takes no rights away
 * (restore, a new or revoked link): FOR NO KEY UPDATE serialises it with the
 * other changes of that person without waiting for their own requests.
 */
async function lockMembership(tx: Tx, organizationId: string, userId: string) {
  const row = await tx
    .selectFrom("memberships")
    .select(membershipColumns)
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  // Someone of another organization (or no one) answers like a missing person.
  if (!row) throw notFound("No such person");
  return row;
}

const lastOwner = () =>
  refuse("last_owner", "The organization needs at least one active owner: make someone else owner first");

function assertNotLastOwner(owners: readonly string[], userId: string): void {
  if (!owners.some((owner) => owner !== userId)) throw lastOwner();
}

/** Once a person has signed in (a session, ever), their name is theirs to change, not the organization's. */
export async function profileClaimed(tx: Tx, userId: string): Promise<boolean> {
  const row = await tx
    .selectFrom("refresh_tokens")
    .select("id")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces a person's jobs (or boards) among the active ones; links to archived ones stay as history. */
async function replaceJobs(tx: Tx, organizationId: string, userId: string, jobIds: readonly string[]) {
  await tx
    .deleteFrom("membership_jobs")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .where("job_id", "in", (eb) =>
      eb.selectFrom("jobs").select("id").where("organization_id", "=", organizationId).where("is_archived", "=", false),
    )
    .execute();
  const unique = [...new Set(jobIds)];
  if (unique.length) {
    await tx
      .insertInto("membership_jobs")
      .values(unique.map((jobId) => ({ organization_id: organizationId, user_id: userId, job_id: jobId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

async function replaceBoards(tx: Tx, organizationId: string, userId: string, boardIds: readonly string[]) {
  await tx
    .deleteFrom("job_scheduler_members")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .where("job_scheduler_id", "in", (eb) =>
      eb
        .selectFrom("job_schedulers")
        .select("id")
        .where("organization_id", "=", organizationId)
        .where("is_archived", "=", false),
    )
    .execute();
  const unique = [...new Set(boardIds)];
  if (unique.length) {
    await tx
      .insertInto("job_scheduler_members")
      .values(
        unique.map((boardId) => ({ organization_id: organizationId, user_id: userId, job_scheduler_id: boardId })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export interface PersonPatch {
  first_name?: string | undefined;
  last_name?: string | undefined;
  role?: MemberRole | undefined;
  permissions?: Permission[] | undefined;
  job_ids?: string[] | undefined;
  board_ids?: string[] | undefined;
  hourly_rate?: number | null | undefined;
  employee_id?: string | null | undefined;
}

async function personOrThrow(tx: Tx, organizationId: string, userId: string): Promise<Person> {
  const person = await loadPerson(tx, organizationId, userId);
  if (!person) throw notFound("No such person");
  return person;
}

/** PATCH /api/people/:id, in the caller's transaction (organization set). */
export async function updatePerson(tx: Tx, actor: Actor, userId: string, patch: PersonPatch, now = new Date()) {
  const organizationId = actor.organizationId;
  const { owners, current } = await lockOwnersAndMembership(tx, organizationId, userId);
  await lockForWithdrawal(tx, organizationId, userId);
  assertMayManage(actor, current.role);
  assertMayAssign(actor, patch.role, patch.permissions);
  const before = await personOrThrow(tx, organizationId, userId);

  const renames =
    (patch.first_name !== undefined && patch.first_name !== before.first_name) ||
    (patch.last_name !== undefined && patch.last_name !== before.last_name);
  // While invited the organization edits only the name it typed (kept on the membership); the
  // account's own name is never this organization's to change, invited or not.
  if (renames && (current.status !== "invited" || current.invited_first_name === null)) {
    const fields: Record<string, string> = {};
    if (patch.first_name !== undefined && patch.first_name !== before.first_name) {
      fields.first_name = "people.profileIsTheirs";
    }
    if (patch.last_name !== undefined && patch.last_name !== before.last_name) {
      fields.last_name = "people.profileIsTheirs";
    }
    throw refuse("person_profile_theirs", "This person manages their own profile", fields);
  }
  await checkReferences(tx, organizationId, patch);

  const role = patch.role ?? current.role;
  if (isOwnerRole(current.role) && !isOwnerRole(role) && current.status === "active") {
    assertNotLastOwner(owners, userId);
  }
  const permissions = roleTakesPermissions(role)
    ? [...new Set(patch.permissions ?? (roleTakesPermissions(current.role) ? current.permissions : []))]
    : [];

  await tx
    .updateTable("memberships")
    .set({
      ...(renames && patch.first_name !== undefined ? { invited_first_name: patch.first_name } : {}),
      ...(renames && patch.last_name !== undefined ? { invited_last_name: patch.last_name } : {}),
      role,
      permissions,
      ...(patch.hourly_rate !== undefined ? { hourly_rate: patch.hourly_rate } : {}),
      updated_at: now,
    })
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .execute();
  if (patch.employee_id !== undefined) await setEmployeeId(tx, organizationId, userId, patch.employee_id);
  if (patch.job_ids !== undefined) await replaceJobs(tx, organizationId, userId, patch.job_ids);
  if (patch.board_ids !== undefined) await replaceBoards(tx, organizationId, userId, patch.board_ids);

  const after = await personOrThrow(tx, organizationId, userId);
  await recordAudit(tx, actor, {
    action: "people.update",
    targetType: "user",
    targetId: userId,
    before: snapshot(before),
    after: snapshot(after),
  });
  return after;
}

/**
 * Archived people cannot sign in to the organization (sign-in requires an
 * active membership) and their sessions in it end now; their live link dies.
 */
export async function archivePerson(tx: Tx, actor: Actor, userId: string, now = new Date()) {
  const organizationId = actor.organizationId;
  const { owners, current } = await lockOwnersAndMembership(tx, organizationId, userId);
  await lockForWithdrawal(tx, organizationId, userId);
  assertMayManage(actor, current.role);
  if (current.status === "archived") return personOrThrow(tx, organizationId, userId);
  if (isOwnerRole(current.role) && current.status === "active") assertNotLastOwner(owners, userId);

  await tx
    .updateTable("memberships")
    .set({ status: "archived", archived_at: now, updated_at: now })
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .execute();
  await revokeLiveInvitations(tx, organizationId, userId, now);
  await tx
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("organization_id", "=", organizationId)
    .where("revoked_at", "is", null)
    .execute();
  // Their calendar link dies too (a restore must not revive an address that may have leaked).
  await tx
    .deleteFrom("calendar_feeds")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .execute();
  await recordAudit(tx, actor, {
    action: "people.archive",
    targetType: "user",
    targetId: userId,
    before: { status: current.status },
    after: { status: "archived" },
  });
  return personOrThrow(tx, organizationId, userId);
}

/**
 * Back to what they were: active, or invited when they never activated
 * (they were invited and accepted no link). No link is sent; resend one.
 */
export async function restorePerson(tx: Tx, actor: Actor, userId: string, now = new Date()) {
  const organizationId = actor.organizationId;
  const current = await lockMembership(tx, organizationId, userId);
  assertMayManage(actor, current.role);
  if (current.status !== "archived") return personOrThrow(tx, organizationId, userId);

  const history = await tx
    .selectFrom("invitations")
    .select([
      sql<string>`count(*)`.as("sent"),
      sql<string>`count(*) filter (where accepted_at is not null)`.as("accepted"),
    ])
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  const status = Number(history.sent) > 0 && Number(history.accepted) === 0 ? "invited" : "active";
  await tx
    .updateTable("memberships")
    .set({ status, archived_at: null, updated_at: now })
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .execute();
  await recordAudit(tx, actor, {
    action: "people.restore",
    targetType: "user",
    targetId: userId,
    before: { status: "archived" },
    after: { status },
  });
  return personOrThrow(tx, organizationId, userId);
}

export async function revokeLiveInvitations(tx: Tx, organizationId: string, userId: string, now: Date) {
  const result = await tx
    .updateTable("invitations")
    .set({ revoked_at: now })
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The membership of an invited person the actor may manage (resend and revoke work only while invited). */
export async function invitedMembership(tx: Tx, actor: Actor, userId: string) {
  const current = await lockMembership(tx, actor.organizationId, userId);
  assertMayManage(actor, current.role);
  if (current.status !== "invited") {
    throw refuse("person_not_invited", "This person is not waiting for an invitation");
  }
  return current;
}

export { personOrThrow };
