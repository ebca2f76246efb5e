import { type inviteBodySchema, type Person, roleTakesPermissions } from "@workshift/contracts";
import type { z } from "zod";
import type { InvitationBudget } from "../invitations/budget.ts";
import type { Actor } from "../lib/access/actor.ts";
import { recordAudit } from "../lib/db/audit.ts";
import { refusingConstraints } from "../lib/db/constraint-errors.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";
import { personOrThrow } from "./changes.ts";
import { assertEmployeeIdFree, employeeIdRace } from "./employee-id.ts";
import { inviterOf } from "./invitation-links.ts";
import { addMembers, planMembers } from "./members.ts";
import { assertMayAssign } from "./permission-table.ts";
import { checkReferences } from "./references.ts";

export interface InviteOptions {
  publicUrl: string;
  smsCountries: readonly string[];
  budget: InvitationBudget;
}

/**
 * POST /api/people/invite, in the caller's transaction (organization set):
 * the person's account (found or new), an invited membership with its jobs,
 * boards and rate, a link by SMS or email, and the audit record.
 */
export async function invitePerson(
  tx: Tx,
  actor: Actor,
  body: z.output<typeof inviteBodySchema>,
  options: InviteOptions,
  now = new Date(),
): Promise<Person> {
  assertMayAssign(actor, body.role, body.permissions);
  // The phone is what a person proves: with one, the link goes by SMS (email is for people without).
  if (body.send_via === "email" && body.phone !== undefined) {
    throw refuse("person_invite_by_sms", "With a phone, the invitation goes by SMS", {
      send_via: "people.smsWhenPhone",
    });
  }
  const organizationId = actor.organizationId;
  await checkReferences(tx, organizationId, body);
  const inviter = await inviterOf(tx, actor, options.publicUrl);
  const [planned] = await planMembers(tx, organizationId, [body], {
    inviterLanguage: inviter.language,
    smsCountries: options.smsCountries,
  });
  if (!planned) throw new Error("nothing planned");
  if (planned.problem?.key === "people.alreadyMember") {
    throw refuse("person_already_member", "This person is already in the organization", {
      [planned.problem.field]: planned.problem.key,
    });
  }
  if (planned.problem) {
    throw refuse("sms_country_not_allowed", "Invitations cannot be sent by SMS to this country", {
      [planned.problem.field]: planned.problem.key,
    });
  }
  const context = { organizationId, actorUserId: actor.userId, now, ...inviter };
  if (body.employee_id) await assertEmployeeIdFree(tx, organizationId, body.employee_id);
  await refusingConstraints(employeeIdRace, () => addMembers(tx, { ...context, budget: options.budget }, [planned]));
  await recordAudit(tx, actor, {
    action: "people.invite",
    targetType: "user",
    targetId: planned.userId,
    after: {
      role: planned.role,
      permissions: roleTakesPermissions(planned.role) ? planned.permissions : [],
      job_ids: planned.job_ids,
      board_ids: planned.board_ids,
      hourly_rate: planned.hourly_rate ?? null,
      employee_id: body.employee_id ?? null,
      channel: planned.channel,
    },
  });
  return personOrThrow(tx, organizationId, planned.userId);
}
