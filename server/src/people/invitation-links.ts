import { type InvitationBudget, TooManyNow } from "../invitations/budget.ts";
import type { Actor } from "../lib/access/actor.ts";
import { recordAudit } from "../lib/db/audit.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { invitedMembership, personOrThrow, RESEND_COOLDOWN_SECONDS, revokeLiveInvitations } from "./changes.ts";
import { sendInvitations, typedDestination } from "./members.ts";

/** Who invites, as the message names them: the organization's title and the actor's name. */
export async function inviterOf(tx: Tx, actor: Actor, publicUrl: string) {
  const organization = await tx
    .selectFrom("organizations")
    .select("title")
    .where("id", "=", actor.organizationId)
    .executeTakeFirstOrThrow();
  const user = await tx
    .selectFrom("users")
    .select(["first_name", "last_name", "language"])
    .where("id", "=", actor.userId)
    .executeTakeFirstOrThrow();
  return {
    organizationTitle: organization.title,
    inviterName: `${user.first_name} ${user.last_name}`,
    language: user.language,
    publicUrl,
  };
}

/** Only a membership invited before typed contacts were kept can lack both. */
const noTypedContact = () =>
  refuse("person_contact_missing", "No phone or email was given for this person to send a link to", {
    email: "people.contactRequired",
  });

export class RetryLater extends TooManyNow {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, `A link was sent moments ago; try again in ${retryAfterSeconds} seconds`);
  }
}

/**
 * A new link for an invited person: the live one stops working, the new one
 * goes where a first invitation would (invitePerson), to the phone or email
 * this organization typed, never to a contact found on the account. At most
 * one per RESEND_COOLDOWN_SECONDS.
 */
export async function resendInvitation(
  tx: Tx,
  actor: Actor,
  userId: string,
  options: { publicUrl: string; budget: InvitationBudget },
  now = new Date(),
) {
  const organizationId = actor.organizationId;
  await invitedMembership(tx, actor, userId);
  const latest = await tx
    .selectFrom("invitations")
    .select("created_at")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (latest) {
    const waited = (now.getTime() - new Date(latest.created_at).getTime()) / 1000;
    if (waited < RESEND_COOLDOWN_SECONDS)
      throw new RetryLater(Math.max(1, Math.ceil(RESEND_COOLDOWN_SECONDS - waited)));
  }
  const typed = await tx
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.invited_phone as phone", "m.invited_email as email", "u.language"])
    .where("m.organization_id", "=", organizationId)
    .where("m.user_id", "=", userId)
    .executeTakeFirstOrThrow();
  const destination = typedDestination(typed);
  if (destination === null) throw noTypedContact();
  const { channel, to } = destination;

  const revoked = await revokeLiveInvitations(tx, organizationId, userId, now);
  const inviter = await inviterOf(tx, actor, options.publicUrl);
  const context = { organizationId, actorUserId: actor.userId, now, budget: options.budget, ...inviter };
  await sendInvitations(tx, context, [{ userId, channel, to, language: typed.language }]);
  await recordAudit(tx, actor, {
    action: "invitation.resend",
    targetType: "user",
    targetId: userId,
    after: { channel, replaced: revoked },
  });
  return personOrThrow(tx, organizationId, userId);
}

/** The person's live link stops working; they stay invited (a new link can be sent). */
export async function revokeInvitation(tx: Tx, actor: Actor, userId: string, now = new Date()) {
  const organizationId = actor.organizationId;
  await invitedMembership(tx, actor, userId);
  const revoked = await revokeLiveInvitations(tx, organizationId, userId, now);
  await recordAudit(tx, actor, {
    action: "invitation.revoke",
    targetType: "user",
    targetId: userId,
    after: { revoked },
  });
  return personOrThrow(tx, organizationId, userId);
}
