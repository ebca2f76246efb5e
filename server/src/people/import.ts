import {
  DEFAULT_MEMBER_ROLE,
  type ImportPreview,
  type ImportRow,
  inviteBodySchema,
  manageableRoles,
  memberRoles,
  phoneCountry,
} from "@workshift/contracts";
import { type InvitationBudget, spendInvitationBudget } from "../invitations/budget.ts";
import type { Actor } from "../lib/access/actor.ts";
import { recordAudit } from "../lib/db/audit.ts";
import { refusingConstraints } from "../lib/db/constraint-errors.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { parsePeopleCsv, splitNames } from "./csv.ts";
import { employeeIdRace, employeeIdsTaken } from "./employee-id.ts";
import { inviterOf } from "./invitation-links.ts";
import { addMembers, type NewMember, planMembers } from "./members.ts";
import { activeReferences } from "./references.ts";

/** Which CSV column a field of the invite body comes from. */
const columnOf: Record<string, string> = { job_ids: "jobs", board_ids: "schedules" };

interface CheckedImport {
  preview: ImportPreview;
  /** The people to invite (in row order), when every row is fine. */
  members: NewMember[];
}

/**
 * Reads and checks a CSV of people against the same rules as one invitation
 * (inviteBodySchema per row), plus: job and schedule names resolved among
 * the active ones (case-insensitively), the same phone or email twice in the
 * file, people already in this organization, SMS countries of the typed
 * phones, roles the actor may not give, employee ids twice in the file or
 * already someone's here. Looks up no other account (the
 * preview must not tell who has one). Writes nothing.
 */
async function checkImport(tx: Tx, actor: Actor, csv: string, smsCountries: readonly string[]): Promise<CheckedImport> {
  const parsed = parsePeopleCsv(csv);
  if (parsed.fileErrors.length) {
    return { preview: { rows: [], valid: 0, invalid: 0, file_errors: parsed.fileErrors }, members: [] };
  }
  const references = await activeReferences(tx, actor.organizationId);
  const allowedRoles = manageableRoles(actor);

  const rows: ImportRow[] = [];
  const members: (NewMember | null)[] = [];
  const seenPhones = new Map<string, number>();
  const seenEmails = new Map<string, number>();
  const seenEmployeeIds = new Set<string>();

  for (const { line, values } of parsed.rows) {
    const errors: Record<string, string> = {};
    const jobs = splitNames(values.jobs);
    const schedules = splitNames(values.schedules);
    const jobIds = jobs.map((name) => references.jobByName.get(name.toLowerCase()));
    const boardIds = schedules.map((name) => references.boardByName.get(name.toLowerCase()));
    if (jobIds.some((id) => id === undefined)) errors.jobs = "people.unknownJob";
    if (boardIds.some((id) => id === undefined)) errors.schedules = "people.unknownBoard";
    const roleText = (values.role ?? "").toUpperCase();
    const role = roleText === "" ? DEFAULT_MEMBER_ROLE : roleText;

    const result = inviteBodySchema.safeParse({
      first_name: values.first_name ?? "",
      last_name: values.last_name ?? "",
      phone: values.phone ?? "",
      email: values.email ?? "",
      role,
      job_ids: jobIds.filter((id) => id !== undefined),
      board_ids: boardIds.filter((id) => id !== undefined),
      hourly_rate: values.hourly_rate ?? "",
      employee_id: values.employee_id ?? "",
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? "phone");
        errors[columnOf[field] ?? field] ??= issue.message;
      }
    }
    if (!errors.role && (memberRoles as readonly string[]).includes(role) && !allowedRoles.includes(role as never)) {
      errors.role = "people.roleNotAllowed";
    }
    const data = result.success ? result.data : null;
    if (data?.phone !== undefined) {
      if (seenPhones.has(data.phone)) errors.phone ??= "people.duplicateInFile";
      else seenPhones.set(data.phone, line);
    }
    if (data?.email !== undefined) {
      if (seenEmails.has(data.email)) errors.email ??= "people.duplicateInFile";
      else seenEmails.set(data.email, line);
    }
    if (data?.employee_id) {
      if (seenEmployeeIds.has(data.employee_id)) errors.employee_id ??= "people.employeeIdTwiceInFile";
      else seenEmployeeIds.add(data.employee_id);
    }

    rows.push({
      line,
      first_name: data?.first_name ?? values.first_name ?? "",
      last_name: data?.last_name ?? values.last_name ?? "",
      phone: data ? (data.phone ?? null) : values.phone || null,
      email: data ? (data.email ?? null) : values.email || null,
      role: data?.role ?? role,
      jobs,
      schedules,
      hourly_rate: data?.hourly_rate ?? null,
      employee_id: data ? (data.employee_id ?? null) : values.employee_id || null,
      errors,
    });
    members.push(data && Object.keys(errors).length === 0 ? data : null);
  }

  // People already in this organization, and SMS countries, for the rows that are fine so far. No
  // other account is looked up here: a preview says nothing about who else has an account.
  const candidates = members.flatMap((member, index) => (member ? [{ member, index }] : []));
  const here = await organizationMembersBy(
    tx,
    actor.organizationId,
    candidates.flatMap(({ member }) => (member.phone ? [member.phone] : [])),
    candidates.flatMap(({ member }) => (member.email ? [member.email] : [])),
  );
  const employeeIds = await employeeIdsTaken(
    tx,
    actor.organizationId,
    candidates.flatMap(({ member }) => (member.employee_id ? [member.employee_id] : [])),
  );
  for (const { member, index } of candidates) {
    const row = rows[index];
    if (!row) continue;
    if (member.employee_id && employeeIds.has(member.employee_id)) row.errors.employee_id = "people.employeeIdTaken";
    if (member.phone !== undefined && !smsCountries.includes(phoneCountry(member.phone) ?? "")) {
      row.errors.phone = "phone.countryNotAllowed";
    } else if (member.phone !== undefined && here.phones.has(member.phone)) {
      row.errors.phone = "people.alreadyMember";
    } else if (member.phone === undefined && member.email !== undefined && here.emails.has(member.email)) {
      row.errors.email = "people.alreadyMember";
    }
  }

  const invalid = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  const preview: ImportPreview = { rows, valid: rows.length - invalid, invalid, file_errors: [] };
  const fine = invalid === 0 ? candidates.map((candidate) => candidate.member) : [];
  return { preview, members: fine } satisfies CheckedImport;
}

/** Phones and verified emails, among those given, of people already in the organization (any status). */
async function organizationMembersBy(tx: Tx, organizationId: string, phones: string[], emails: string[]) {
  const found = { phones: new Set<string>(), emails: new Set<string>() };
  const CHUNK = 500;
  for (let start = 0; start < Math.max(phones.length, emails.length); start += CHUNK) {
    const somePhones = phones.slice(start, start + CHUNK);
    const someEmails = emails.slice(start, start + CHUNK);
    const rows = await tx
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.user_id")
      .select(["u.phone", "u.email", "u.email_verified_at"])
      .where("m.organization_id", "=", organizationId)
      .where((eb) =>
        eb.or([
          ...(somePhones.length ? [eb("u.phone", "in", somePhones)] : []),
          ...(someEmails.length
            ? [eb.and([eb("u.email", "in", someEmails), eb("u.email_verified_at", "is not", null)])]
            : []),
        ]),
      )
      .execute();
    for (const row of rows) {
      if (row.phone !== null) found.phones.add(row.phone);
      if (row.email !== null && row.email_verified_at !== null) found.emails.add(row.email);
    }
  }
  return found;
}

export async function previewImport(tx: Tx, actor: Actor, csv: string, smsCountries: readonly string[]) {
  return (await checkImport(tx, actor, csv, smsCountries)).preview;
}

/**
 * All or nothing: every row fine → everyone invited in this transaction; else
 * the preview (with what only the import can know: a row that is someone
 * already here, or the same account as another row) and nothing written. A
 * file bigger than what is left of the organization's sending budget is
 * refused up front (429), before any account is looked up.
 */
export async function importPeople(
  tx: Tx,
  actor: Actor,
  csv: string,
  options: { publicUrl: string; smsCountries: readonly string[]; budget: InvitationBudget },
): Promise<{ imported: true; count: number } | { imported: false; preview: ImportPreview }> {
  const { preview, members } = await checkImport(tx, actor, csv, options.smsCountries);
  if (preview.file_errors.length || preview.invalid > 0 || members.length === 0) {
    return { imported: false, preview };
  }
  const now = new Date();
  const budgetFields = { csv: "people.importOverBudget" };
  await spendInvitationBudget(tx, actor.organizationId, members.length, {
    budget: options.budget,
    now,
    fields: budgetFields,
  });

  const inviter = await inviterOf(tx, actor, options.publicUrl);
  const planned = await planMembers(tx, actor.organizationId, members, {
    inviterLanguage: inviter.language,
    smsCountries: options.smsCountries,
  });
  // Two rows that are one existing account (its phone on one, its verified email on the other).
  const seenUsers = new Set<string>();
  const rowsWithData = preview.rows;
  let problems = 0;
  planned.forEach((plan, position) => {
    const row = rowsWithData[position];
    if (!row) return;
    if (plan.problem) row.errors[plan.problem.field] = plan.problem.key;
    else if (seenUsers.has(plan.userId))
      row.errors[plan.phone !== undefined ? "phone" : "email"] = "people.duplicateInFile";
    if (Object.keys(row.errors).length > 0) problems += 1;
    seenUsers.add(plan.userId);
  });
  if (problems > 0) {
    return { imported: false, preview: { ...preview, valid: preview.rows.length - problems, invalid: problems } };
  }

  await refusingConstraints(employeeIdRace, () =>
    addMembers(
      tx,
      {
        organizationId: actor.organizationId,
        actorUserId: actor.userId,
        now,
        budget: options.budget,
        budgetFields,
        ...inviter,
      },
      planned,
    ),
  );
  await recordAudit(tx, actor, {
    action: "people.import",
    targetType: "organization",
    targetId: actor.organizationId,
    after: { count: planned.length, user_ids: planned.map((plan) => plan.userId) },
  });
  return { imported: true, count: planned.length };
}
