import type { InvitationChannel } from "@workshift/contracts";
import type { Destination } from "../auth/codes.ts";
import type { Db } from "../lib/db/database.ts";
import { inOrganization, type Tx, withInvitationToken } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { profileClaimed } from "../people/changes.ts";
import { hashInvitationToken, TOKEN_PATTERN } from "./tokens.ts";

export const invitationInvalid = () =>
  refuse("invitation_invalid", "This invitation link is not valid (it was used, replaced or revoked)");
export const invitationExpired = () =>
  refuse("invitation_expired", "This invitation link has expired; ask for a new one");

export interface LiveInvitation {
  id: string;
  organizationId: string;
  organizationTitle: string;
  userId: string;
  channel: InvitationChannel;
  expiresAt: Date;
  invitedBy: { first_name: string; last_name: string } | null;
  /** The name and contacts the organization typed when it invited them (the membership's). */
  typed: { first_name: string; last_name: string; email: string | null };
  user: {
    first_name: string;
    last_name: string;
    phone: string | null;
    email: string | null;
    language: string;
    /** The language is the person's own, not the inviter's guess. */
    language_chosen: boolean;
    is_platform_admin: boolean;
    email_verified_at: Date | string | null;
    /** Someone has signed in to the account (a session, ever): its contacts are then only what was proved. */
    claimed: boolean;
  };
}

/**
 * The invitation a token names, if it can still be used: unknown, revoked,
 * used, or belonging to a membership no longer waiting (archived) → 404
 * invitation_invalid; past its time → 410 invitation_expired. Runs in `tx`
 * (which must have been opened by withInvitationToken for this token) and
 * leaves it inside the invitation's organization.
 */
export async function liveInvitation(
  tx: Tx,
  tokenHash: string,
  now = new Date(),
  lock = false,
): Promise<LiveInvitation> {
  const columns = [
    "id",
    "organization_id",
    "user_id",
    "channel",
    "expires_at",
    "accepted_at",
    "revoked_at",
    "invited_by",
  ] as const;
  // Policy by_token lets this transaction read the one invitation (reading only, so no lock yet).
  const found = await tx
    .selectFrom("invitations")
    .select(columns)
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!found) throw invitationInvalid();

  return inOrganization(tx, found.organization_id, async (inOrg) => {
    // Inside its organization the rows can be locked, so two accepts of one link take turns. The
    // membership first, then the invitation: the order archiving takes them in, so an accept and
    // an archive of one person at the same moment wait for each other instead of deadlocking.
    let membershipQuery = inOrg
      .selectFrom("memberships")
      .select(["status", "invited_first_name", "invited_last_name", "invited_email"])
      .where("organization_id", "=", found.organization_id)
      .where("user_id", "=", found.user_id);
    if (lock) membershipQuery = membershipQuery.forUpdate();
    const membership = await membershipQuery.executeTakeFirst();
    const invitation = lock
      ? await inOrg.selectFrom("invitations").select(columns).where("id", "=", found.id).forUpdate().executeTakeFirst()
      : found;
    if (!invitation || invitation.accepted_at !== null || invitation.revoked_at !== null) throw invitationInvalid();
    if (membership?.status !== "invited") throw invitationInvalid();
    if (new Date(invitation.expires_at).getTime() <= now.getTime()) throw invitationExpired();

    const organization = await inOrg
      .selectFrom("organizations")
      .select("title")
      .where("id", "=", invitation.organization_id)
      .executeTakeFirstOrThrow();
    const user = await inOrg
      .selectFrom("users")
      .select([
        "first_name",
        "last_name",
        "phone",
        "email",
        "language",
        "language_chosen",
        "is_platform_admin",
        "email_verified_at",
      ])
      .where("id", "=", invitation.user_id)
      .executeTakeFirstOrThrow();
    const claimed = await profileClaimed(inOrg, invitation.user_id);
    const inviter = invitation.invited_by
      ? await inOrg
          .selectFrom("users")
          .select(["first_name", "last_name"])
          .where("id", "=", invitation.invited_by)
          .executeTakeFirst()
      : undefined;
    return {
      id: invitation.id,
      organizationId: invitation.organization_id,
      organizationTitle: organization.title,
      userId: invitation.user_id,
      channel: invitation.channel,
      expiresAt: new Date(invitation.expires_at),
      invitedBy: inviter ?? null,
      typed: {
        first_name: membership.invited_first_name ?? user.first_name,
        last_name: membership.invited_last_name ?? user.last_name,
        email: membership.invited_email,
      },
      user: { ...user, claimed },
    };
  });
}

/** The invitation behind a link, read in its own short transaction. */
export async function findLiveInvitation(db: Db, token: string, now = new Date()): Promise<LiveInvitation> {
  // Only tokens of the shape we hand out reach the database.
  if (!TOKEN_PATTERN.test(token)) throw invitationInvalid();
  return withInvitationToken(db, hashInvitationToken(token), (tx) =>
    liveInvitation(tx, hashInvitationToken(token), now),
  );
}

/**
 * Where the code goes. Accepting proves the destination and signs in to the
 * account, so it must be a contact that already leads to the account. The
 * phone is what a person proves: an account with a phone gets its codes by
 * SMS to it, unless the link was sent to an email its owner verified (the
 * inviter typed only that address, which found the account). An account
 * with no phone gets them at its verified email. An unverified email is a
 * destination only on an account with no phone that nobody has signed in to
 * (the invitation made it from that address, and the link is how its person
 * first proves it). Never
 * otherwise: anyone can type any address into a profile, and a code to it
 * would let that address's owner prove it onto (and sign in to) the account.
 */
export function invitationDestination(invitation: {
  channel: InvitationChannel;
  user: Pick<LiveInvitation["user"], "phone" | "email" | "email_verified_at" | "claimed">;
}): Destination | null {
  const { phone, email, email_verified_at, claimed } = invitation.user;
  const verifiedEmail = email !== null && email_verified_at !== null ? email : null;
  if (phone) {
    if (invitation.channel === "email" && verifiedEmail) return { kind: "email", value: verifiedEmail };
    return { kind: "phone", value: phone };
  }
  if (verifiedEmail) return { kind: "email", value: verifiedEmail };
  if (email !== null && !claimed) return { kind: "email", value: email };
  return null;
}

/** The link's destination; a link with none left (its contacts changed) is no longer valid. */
export function destinationOfInvitation(invitation: LiveInvitation): Destination {
  const destination = invitationDestination(invitation);
  if (destination === null) throw invitationInvalid();
  return destination;
}
