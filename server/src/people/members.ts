import { randomUUID } from "node:crypto";
import {
  type InvitationChannel,
  type MemberRole,
  type Permission,
  phoneCountry,
  roleTakesPermissions,
} from "@workshift/contracts";
import { avatarColor, type UserRow } from "../auth/people.ts";
import { type InvitationBudget, spendInvitationBudget } from "../invitations/budget.ts";
import {
  activationLink,
  invitationExpiry,
  newInvitationToken,
  queueInvitationMessages,
} from "../invitations/tokens.ts";
import type { Tx } from "../lib/db/tenancy.ts";

/** A person to invite, as the invite body (or a CSV row) gives them once validated. */
export interface NewMember {
  first_name: string;
  last_name: string;
  phone?: string | undefined;
  email?: string | undefined;
  role: MemberRole;
  permissions: readonly Permission[];
  job_ids: readonly string[];
  board_ids: readonly string[];
  hourly_rate?: number | null | undefined;
  employee_id?: string | null | undefined;
  send_via?: InvitationChannel | undefined;
}

export interface PlannedMember extends NewMember {
  userId: string;
  /** The account the typed destination already leads to (its phone, or its verified email): reused as it is. */
  existing: UserRow | null;
  channel: InvitationChannel;
  /** Where the link goes: phone digits or an email address. */
  to: string;
  language: string;
  /** Why this person cannot be invited: the field and its message key. */
  problem: { field: "phone" | "email"; key: string } | null;
}

const CHUNK = 500;
/** Lets other work run between batches (a tight PGlite loop starves the event loop). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

function* chunks<T>(items: readonly T[], size = CHUNK): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

async function usersBy(tx: Tx, column: "phone" | "email", values: string[]): Promise<Map<string, UserRow>> {
  const found = new Map<string, UserRow>();
  for (const part of chunks([...new Set(values)])) {
    let query = tx.selectFrom("users").selectAll().where(column, "in", part);
    // Only an email its owner proved finds them (anyone can type an address into a profile).
    if (column === "email") query = query.where("email_verified_at", "is not", null);
    for (const row of await query.execute()) {
      const key = row[column];
      if (key !== null) found.set(key, row);
    }
  }
  return found;
}

/** The typed phone may get SMS (checked on what the inviter typed, before any account is looked up). */
const smsAllowed = (phone: string, smsCountries: readonly string[]) => smsCountries.includes(phoneCountry(phone) ?? "");

/**
 * Where the link goes: exactly where the inviter said, by SMS to the typed
 * phone when there is one (the phone is what a person proves), else by email
 * to the typed address. Never a contact found on an account: what an
 * invitation does and answers must not depend on whether, or whose, an
 * account the phone or address already is.
 */
export function typedDestination(typed: {
  phone?: string | null | undefined;
  email?: string | null | undefined;
}): { channel: InvitationChannel; to: string } | null {
  if (typed.phone) return { channel: "sms", to: typed.phone };
  if (typed.email) return { channel: "email", to: typed.email };
  return null;
}

/**
 * Works out, for each person, where the link goes (what the inviter typed)
 * and who they are: the account that destination already leads to (the
 * typed phone, or the typed address once its owner verified it), else a new
 * one made from it. So accepting the link, which proves the destination,
 * signs in to exactly that account. Refuses on what was typed (SMS only to
 * allowed countries) and on this organization's own people (already in it).
 * Reads only; writes nothing. What it finds about an account is never shown
 * to the inviter: the people API shows an invited person as the inviter
 * typed them.
 */
export async function planMembers(
  tx: Tx,
  organizationId: string,
  members: readonly NewMember[],
  options: { inviterLanguage: string; smsCountries: readonly string[] },
): Promise<PlannedMember[]> {
  const routes = members.map((member) => {
    const routed = typedDestination(member);
    // The invite body and the CSV rows are validated to hold a phone or an email.
    if (routed === null) throw new Error("an invitation without a phone or email");
    return routed;
  });
  // The typed phone's country first, before anyone is looked up.
  const typedProblem = members.map((member): PlannedMember["problem"] =>
    member.phone !== undefined && !smsAllowed(member.phone, options.smsCountries)
      ? { field: "phone", key: "phone.countryNotAllowed" }
      : null,
  );
  const looked = routes.filter((_, index) => typedProblem[index] === null);
  const byPhone = await usersBy(
    tx,
    "phone",
    looked.flatMap((routed) => (routed.channel === "sms" ? [routed.to] : [])),
  );
  const byEmail = await usersBy(
    tx,
    "email",
    looked.flatMap((routed) => (routed.channel === "email" ? [routed.to] : [])),
  );
  const found = routes.map((routed, index) =>
    typedProblem[index] !== null
      ? null
      : ((routed.channel === "sms" ? byPhone.get(routed.to) : byEmail.get(routed.to)) ?? null),
  );
  const existingIds = [...new Set(found.flatMap((user) => (user ? [user.id] : [])))];
  const alreadyIn = new Set<string>();
  for (const part of chunks(existingIds)) {
    const rows = await tx
      .selectFrom("memberships")
      .select("user_id")
      .where("organization_id", "=", organizationId)
      .where("user_id", "in", part)
      .execute();
    for (const row of rows) alreadyIn.add(row.user_id);
  }

  return members.map((member, index) => {
    const user = found[index] ?? null;
    const { channel, to } = routes[index] as { channel: InvitationChannel; to: string };
    let problem: PlannedMember["problem"] = typedProblem[index] ?? null;
    if (problem === null && user && alreadyIn.has(user.id)) {
      problem = { field: channel === "sms" ? "phone" : "email", key: "people.alreadyMember" };
    }
    return {
      ...member,
      userId: user?.id ?? randomUUID(),
      existing: user,
      channel,
      to,
      language: user?.language ?? options.inviterLanguage,
      problem,
    };
  });
}

export interface InviteContext {
  organizationId: string;
  organizationTitle: string;
  actorUserId: string;
  inviterName: string;
  publicUrl: string;
  now: Date;
  /** The organization's sending budget; every link sent is taken from it. */
  budget: InvitationBudget;
  /** What a refusal for want of budget names (a form field, or the CSV file). */
  budgetFields?: Record<string, string> | undefined;
}

/**
 * Writes planned people in the caller's transaction, in batches: new
 * accounts (holding only the contact the link goes to: the one its person
 * will prove), memberships (status invited, with the names and contacts the
 * inviter typed), their jobs and boards, one invitation each (a new link)
 * and its message in the outbox. Planned people with a problem must have
 * been refused before.
 */
export async function addMembers(tx: Tx, context: InviteContext, planned: readonly PlannedMember[]): Promise<void> {
  const { organizationId, now } = context;
  const fresh = planned.filter((member) => member.existing === null);
  for (const part of chunks(fresh)) {
    await tx
      .insertInto("users")
      .values(
        part.map((member) => ({
          id: member.userId,
          first_name: member.first_name,
          last_name: member.last_name,
          phone: member.channel === "sms" ? member.to : null,
          email: member.channel === "email" ? member.to : null,
          language: member.language,
          color: avatarColor(member.phone ?? member.email ?? member.userId),
        })),
      )
      .execute();
    await breathe();
  }
  for (const part of chunks(planned)) {
    await tx
      .insertInto("memberships")
      .values(
        part.map((member) => ({
          organization_id: organizationId,
          user_id: member.userId,
          role: member.role,
          permissions: roleTakesPermissions(member.role) ? [...new Set(member.permissions)] : [],
          status: "invited" as const,
          hourly_rate: member.hourly_rate ?? null,
          employee_id: member.employee_id ?? null,
          invited_by: context.actorUserId,
          invited_first_name: member.first_name,
          invited_last_name: member.last_name,
          invited_phone: member.phone ?? null,
          invited_email: member.email ?? null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await breathe();
  }
  const jobs = planned.flatMap((member) =>
    [...new Set(member.job_ids)].map((jobId) => ({
      organization_id: organizationId,
      user_id: member.userId,
      job_id: jobId,
    })),
  );
  for (const part of chunks(jobs, 1000)) {
    await tx.insertInto("membership_jobs").values(part).execute();
    await breathe();
  }
  const boards = planned.flatMap((member) =>
    [...new Set(member.board_ids)].map((boardId) => ({
      organization_id: organizationId,
      user_id: member.userId,
      job_scheduler_id: boardId,
    })),
  );
  for (const part of chunks(boards, 1000)) {
    await tx.insertInto("job_scheduler_members").values(part).execute();
    await breathe();
  }
  await sendInvitations(
    tx,
    context,
    planned.map((member) => ({
      userId: member.userId,
      channel: member.channel,
      to: member.to,
      language: member.language,
    })),
  );
}

export interface InvitationTarget {
  userId: string;
  channel: InvitationChannel;
  to: string;
  language: string;
}

/** New links (one per person, stored as hashes) and their messages, in the caller's transaction. */
export async function sendInvitations(
  tx: Tx,
  context: InviteContext,
  targets: readonly InvitationTarget[],
): Promise<void> {
  await spendInvitationBudget(tx, context.organizationId, targets.length, {
    budget: context.budget,
    now: context.now,
    fields: context.budgetFields ?? { invitation: "people.invitationBudget" },
  });
  const expiresAt = invitationExpiry(context.now);
  const withTokens = targets.map((target) => ({ ...target, ...newInvitationToken() }));
  for (const part of chunks(withTokens)) {
    await tx
      .insertInto("invitations")
      .values(
        part.map((target) => ({
          organization_id: context.organizationId,
          user_id: target.userId,
          token_hash: target.hash,
          invited_by: context.actorUserId,
          channel: target.channel,
          expires_at: expiresAt,
          created_at: context.now,
        })),
      )
      .execute();
    await queueInvitationMessages(
      tx,
      part.map((target) => ({
        channel: target.channel,
        to: target.to,
        language: target.language,
        organization: context.organizationTitle,
        inviter: context.inviterName,
        link: activationLink(context.publicUrl, target.token),
        expiresAt,
      })),
    );
    await breathe();
  }
}
