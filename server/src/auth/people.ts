import { createHash } from "node:crypto";
import {
  effectivePermissions,
  fallbackLanguage,
  isLanguage,
  type Language,
  PLATFORM_ADMIN_ROLE,
  type Role,
  type User,
} from "@workshift/contracts";
import type { Selectable } from "kysely";
import type { Db } from "../lib/db/database.ts";
import { personIdOf } from "../lib/db/person-id.ts";
import type { UsersTable } from "../lib/db/schema.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { inOrganization, withUser } from "../lib/db/tenancy.ts";
import type { Destination } from "./codes.ts";

export type UserRow = Selectable<UsersTable>;

/** Avatar colours with white initials readable on each (WCAG AA for large text). */
const AVATAR_COLORS = [
  "#0b7285",
  "#1864ab",
  "#5f3dc4",
  "#a61e4d",
  "#c92a2a",
  "#d9480f",
  "#2b8a3e",
  "#364fc7",
  "#862e9c",
  "#087f5b",
];

export function avatarColor(seed: string): string {
  const index = createHash("sha256").update(seed).digest()[0] ?? 0;
  return AVATAR_COLORS[index % AVATAR_COLORS.length] ?? "#0b7285";
}

export function initialsOf(firstName: string, lastName: string): string {
  const first = [...firstName.trim()][0] ?? "";
  const last = [...lastName.trim()][0] ?? "";
  return (first + last).toLocaleUpperCase();
}

/**
 * The person a phone or email signs in as. An email counts only once its owner
 * proved it with a code (email_verified_at): an address someone merely typed
 * into a profile (their own or someone else's) signs nobody in, so the real
 * owner of an address can never land in an account that claimed it first. An
 * unverified address is as unknown as one nobody uses; the one query (at most
 * one verified row, by the partial unique index) keeps both answers alike.
 */
export async function findUserByDestination(db: Db | Tx, destination: Destination): Promise<UserRow | undefined> {
  if (destination.kind === "phone") {
    return db.selectFrom("users").selectAll().where("phone", "=", destination.value).executeTakeFirst();
  }
  return db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", destination.value)
    .where("email_verified_at", "is not", null)
    .executeTakeFirst();
}

/** The account's language (the column allows only ours; anything else would be English). */
export function languageOf(user: Pick<UserRow, "language">): Language {
  return isLanguage(user.language) ? user.language : fallbackLanguage;
}

/**
 * The language of a code sent to someone at a screen (signing in, activating):
 * the account's when it is the person's own, else the one the screen shows
 * (an account an invitation made holds only the inviter's guess).
 */
export function screenLanguage(
  user: Pick<UserRow, "language" | "language_chosen"> | undefined,
  shown: Language,
): Language {
  return user?.language_chosen ? languageOf(user) : shown;
}

export async function findUser(db: Db | Tx, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface Standing {
  role: Role;
  permissions: string[];
  /** A platform admin in an organization they are no member of. */
  asPlatformAdmin?: true;
}

/**
 * The person's role in an organization: their active membership, or ADMIN
 * for a platform admin who is not a member; undefined when they have no
 * business there (then their session for it ends).
 */
export async function standingIn(
  db: Db | Tx,
  user: Pick<UserRow, "id" | "is_platform_admin">,
  organizationId: string,
): Promise<Standing | undefined> {
  const membership = await inOrganization(db, organizationId, (tx) =>
    tx
      .selectFrom("memberships")
      .select(["role", "permissions"])
      .where("user_id", "=", user.id)
      .where("status", "=", "active")
      .executeTakeFirst(),
  );
  if (membership) return { role: membership.role, permissions: membership.permissions };
  if (user.is_platform_admin) return { role: PLATFORM_ADMIN_ROLE, permissions: [], asPlatformAdmin: true };
  return undefined;
}

export async function myOrganizations(db: Db, userId: string) {
  return withUser(db, userId, (tx) =>
    tx
      .selectFrom("memberships")
      .innerJoin("organizations", "organizations.id", "memberships.organization_id")
      .select(["organizations.id", "organizations.title", "memberships.role"])
      .where("memberships.user_id", "=", userId)
      .where("memberships.status", "=", "active")
      .orderBy("organizations.title")
      .execute(),
  );
}

/** The user as the API shows them (spec §3): never a row as it comes from the database. */
export function presentUser(user: UserRow, organizationId: string | null, standing: Standing | undefined): User {
  const role = standing?.role ?? null;
  return {
    id: user.id,
    person_id: standing && organizationId !== null ? personIdOf(organizationId, user.id) : null,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    email_verified: user.email !== null && user.email_verified_at !== null,
    phone: user.phone,
    role,
    permissions: effectivePermissions(role, standing?.permissions ?? []),
    initials: initialsOf(user.first_name, user.last_name),
    color: user.color,
    language: languageOf(user),
    language_chosen: user.language_chosen,
    organization_id: standing ? organizationId : null,
  };
}
