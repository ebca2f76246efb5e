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

/** The typed phone may get SMS (checked on what the inviter typed, before any account is looked up). */
const smsAllowed = (phone: string, smsCountries: readonly string[]) => smsCountries.includes(phoneCountry(phone) ?? "");

/**
 * Which channel an invitation goes by, and to where. The phone is what a
 * person proves: an account with a phone is invited by SMS to that phone;
 * email is for people without one. A new person: SMS when a phone was typed,
 * else email to the typed address (the account is made with that one contact).
 * Someone with an account: its phone; without a phone, its email, which is
 * verified (only a verified email finds an account). Accepting a link proves
 * the destination and signs in to the account, so an address merely typed
 * into a profile, by its holder or by an inviter, never receives one. The
 * single exception: an account found by its verified email whose phone is in
 * a country SMS cannot reach gets the link at that verified email.
 */
function route(
  member: NewMember,
  user: UserRow | null,
  smsCountries: readonly string[],
): { channel: InvitationChannel; to: string } | null {
  if (user === null) {
    if (member.phone !== undefined) return { channel: "sms", to: member.phone };
    return member.email !== undefined ? { channel: "email", to: member.email } : null;
  }
  const provenEmail = user.email !== null && user.email_verified_at !== null ? user.email : null;
  if (user.phone !== null && (smsAllowed(user.phone, smsCountries) || provenEmail === null)) {
    return { channel: "sms", to: user.phone };
  }
  if (provenEmail !== null) return { channel: "email", to: provenEmail };
  return null;
}

/**
 * Works out, for each person, who they are (an account found by phone, else
 * by verified email, else a new one), where the link goes, and whether they
 * can be invited (SMS only to allowed countries, checked on the typed phone
 * first; not already in the organization). Reads only; writes nothing. What
 * it finds about an account is never shown to the inviter: the people API
 * shows an invited person as the inviter typed them.
 */
export async function planMembers(
  tx: Tx,
  organizationId: string,
  members: readonly NewMember[],
  options: { inviterLanguage: string; smsCountries: readonly string[] },
): Promise<PlannedMember[]> {
  // The typed phone's country first: the answer must not depend on whose the number or address is.
  const typedProblem = members.map((member): PlannedMember["problem"] =>
    member.phone !== undefined && !smsAllowed(member.phone, options.smsCountries)
      ? { field: "phone", key: "phone.countryNotAllowed" }
      : null,
  );
  const looked = members.filter((_, index) => typedProblem[index] === null);
  const byPhone = await usersBy(
    tx,
    "phone",
    looked.flatMap((member) => (member.phone ? [member.phone] : [])),
  );
  const byEmail = await usersBy(
    tx,
    "email",
    looked.flatMap((member) => (member.email ? [member.email] : [])),
  );
  const found = members.map((member, index) =>
    typedProblem[index] !== null
      ? null
      : ((member.phone !== undefined ? byPhone.get(member.phone) : undefined) ??
        (member.email !== undefined ? byEmail.get(member.email) : undefined) ??
        null),
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
    const routed = route(member, user, options.smsCountries);
    const { channel, to } = routed ?? { channel: "email" as const, to: "" };
    let problem: PlannedMember["problem"] = typedProblem[index] ?? null;
    if (problem !== null) {
      // Refused on what was typed; nothing was looked up.
    } else if (user && alreadyIn.has(user.id)) {
      problem = {
        field: user.phone !== null && user.phone === member.phone ? "phone" : "email",
        key: "people.alreadyMember",
      };
    } else if (routed === null) {
      // Unreachable today (an account is found by its phone or its verified email), kept as a refusal.
      problem = { field: member.phone !== undefined ? "phone" : "email", key: "people.contactRequired" };
    } else if (channel === "sms" && !smsAllowed(to, options.smsCountries)) {
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
