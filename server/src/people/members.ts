import { randomUUID } from "node:crypto";
import { type InvitationChannel, type MemberRole, type Permission, phoneCountry } from "@workshift/contracts";
import { avatarColor, type UserRow } from "../auth/people.ts";
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
  send_via?: InvitationChannel | undefined;
}

export interface PlannedMember extends NewMember {
  userId: string;
  /** The person already has an account (found by phone, or by verified email): it is reused as it is. */
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

/**
 * Which channel an invitation goes by, and to where. A new person: `send_via`,
 * else SMS when there is a phone. Someone with an account: only a contact that
 * already leads to that account, its phone or its email once verified
 * (accepting the link proves the destination and signs in to the account, so
 * an address merely typed into that profile, by its holder or by the inviter,
 * must never receive it). What the inviter typed for another contact is not
 * used; asked for email when the account's email is not verified, the link
 * goes by SMS to the account's phone.
 */
function route(member: NewMember, user: UserRow | null): { channel: InvitationChannel; to: string } | null {
  if (user === null) {
    const channel = member.send_via ?? (member.phone !== undefined ? "sms" : "email");
    return { channel, to: (channel === "sms" ? member.phone : member.email) ?? "" };
  }
  const provenEmail = user.email !== null && user.email_verified_at !== null ? user.email : null;
  const viaPhone = user.phone !== null && user.phone === member.phone;
  const viaEmail = provenEmail !== null && provenEmail === member.email;
  if (member.send_via === "email" && viaEmail) return { channel: "email", to: provenEmail };
  if (member.send_via === "sms" && viaPhone) return { channel: "sms", to: user.phone ?? "" };
  if (viaPhone || (!viaEmail && user.phone !== null)) return { channel: "sms", to: user.phone ?? "" };
  if (provenEmail !== null) return { channel: "email", to: provenEmail };
  return null;
}

/**
 * Works out, for each person, who they are (an account found by phone, else
 * by verified email, else a new one), where the link goes, and whether they
 * can be invited (not already in the organization; SMS only to allowed
 * countries). Reads only; writes nothing.
 */
export async function planMembers(
  tx: Tx,
  organizationId: string,
  members: readonly NewMember[],
  options: { inviterLanguage: string; smsCountries: readonly string[] },
): Promise<PlannedMember[]> {
  const byPhone = await usersBy(
    tx,
    "phone",
    members.flatMap((member) => (member.phone ? [member.phone] : [])),
  );
  const byEmail = await usersBy(
    tx,
    "email",
    members.flatMap((member) => (member.email ? [member.email] : [])),
  );
  const found = members.map(
    (member) =>
      (member.phone !== undefined ? byPhone.get(member.phone) : undefined) ??
      (member.email !== undefined ? byEmail.get(member.email) : undefined) ??
      null,
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
    const routed = route(member, user);
    const { channel, to } = routed ?? { channel: "email" as const, to: "" };
    let problem: PlannedMember["problem"] = null;
    if (routed === null) {
      // Unreachable today (an account is found by its phone or its verified email), kept as a refusal.
      problem = { field: "email", key: "people.contactRequired" };
    } else if (user && alreadyIn.has(user.id)) {
      problem = {
        field: user.phone !== null && user.phone === member.phone ? "phone" : "email",
        key: "people.alreadyMember",
      };
    } else if (channel === "sms" && !options.smsCountries.includes(phoneCountry(to) ?? "")) {
      problem = { field: "phone", key: "phone.countryNotAllowed" };
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
}

/**
 * Writes planned people in the caller's transaction, in batches: new
 * accounts, memberships (status invited), their jobs and boards, one
 * invitation each (a new link) and its message in the outbox. Planned people
 * with a problem must have been refused before.
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
          phone: member.phone ?? null,
          email: member.email ?? null,
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
          permissions: member.role === "SUPERVISOR" ? [...new Set(member.permissions)] : [],
          status: "invited" as const,
          hourly_rate: member.hourly_rate ?? null,
          invited_by: context.actorUserId,
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
