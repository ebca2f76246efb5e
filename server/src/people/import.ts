import { type ImportPreview, type ImportRow, inviteBodySchema, memberRoles } from "@workshift/contracts";
import type { Actor } from "../auth/authorize.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { manageableRoles } from "./access.ts";
import { audit } from "./audit.ts";
import { parsePeopleCsv, splitNames } from "./csv.ts";
import { inviterOf } from "./invitation-links.ts";
import { addMembers, type NewMember, type PlannedMember, planMembers } from "./members.ts";
import { activeReferences } from "./references.ts";

/** Which CSV column a field of the invite body comes from. */
const columnOf: Record<string, string> = { job_ids: "jobs", board_ids: "schedules" };

interface CheckedImport {
  preview: ImportPreview;
  /** The people to write, when every row is fine. */
  planned: PlannedMember[];
}

/**
 * Reads and checks a CSV of people against the same rules as one invitation
 * (inviteBodySchema per row), plus: job and schedule names resolved among
 * the active ones (case-insensitively), the same phone or email twice in the
 * file, people already in the organization, roles the actor may not give.
 * Writes nothing.
 */
async function checkImport(tx: Tx, actor: Actor, csv: string, smsCountries: readonly string[]) {
  const parsed = parsePeopleCsv(csv);
  if (parsed.fileErrors.length) {
    return { preview: { rows: [], valid: 0, invalid: 0, file_errors: parsed.fileErrors }, planned: [] };
  }
  const references = await activeReferences(tx, actor.organizationId);
  const allowedRoles = manageableRoles(actor);

  const rows: ImportRow[] = [];
  const members: (NewMember | null)[] = [];
  const seenPhones = new Map<string, number>();
  const seenEmails = new Map<string, number>();

  for (const { line, values } of parsed.rows) {
    const errors: Record<string, string> = {};
    const jobs = splitNames(values.jobs);
    const schedules = splitNames(values.schedules);
    const jobIds = jobs.map((name) => references.jobByName.get(name.toLowerCase()));
    const boardIds = schedules.map((name) => references.boardByName.get(name.toLowerCase()));
    if (jobIds.some((id) => id === undefined)) errors.jobs = "people.unknownJob";
    if (boardIds.some((id) => id === undefined)) errors.schedules = "people.unknownBoard";
    const roleText = (values.role ?? "").toUpperCase();
    const role = roleText === "" ? "EMPLOYEE" : roleText;

    const result = inviteBodySchema.safeParse({
      first_name: values.first_name ?? "",
      last_name: values.last_name ?? "",
      phone: values.phone ?? "",
      email: values.email ?? "",
      role,
      job_ids: jobIds.filter((id) => id !== undefined),
      board_ids: boardIds.filter((id) => id !== undefined),
      hourly_rate: values.hourly_rate ?? "",
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
      errors,
    });
    members.push(data && Object.keys(errors).length === 0 ? data : null);
  }

  // People already in the organization, and SMS countries, for the rows that are fine so far.
  const inviter = await inviterOf(tx, actor, "");
  const candidates = members.flatMap((member, index) => (member ? [{ member, index }] : []));
  const planned = await planMembers(
    tx,
    actor.organizationId,
    candidates.map((candidate) => candidate.member),
    { inviterLanguage: inviter.language, smsCountries },
  );
  // Two rows that are one existing account (its phone on one, its verified email on the other).
  const seenUsers = new Set<string>();
  planned.forEach((plan, position) => {
    const row = rows[candidates[position]?.index ?? -1];
    if (!row) return;
    if (plan.problem) row.errors[plan.problem.field] = plan.problem.key;
    else if (seenUsers.has(plan.userId))
      row.errors[plan.phone !== undefined ? "phone" : "email"] = "people.duplicateInFile";
    seenUsers.add(plan.userId);
  });

  const invalid = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  const preview: ImportPreview = { rows, valid: rows.length - invalid, invalid, file_errors: [] };
  return { preview, planned: invalid === 0 ? planned : [] } satisfies CheckedImport;
}

export async function previewImport(tx: Tx, actor: Actor, csv: string, smsCountries: readonly string[]) {
  return (await checkImport(tx, actor, csv, smsCountries)).preview;
}

/** All or nothing: every row fine → everyone invited in this transaction; else the preview and nothing written. */
export async function importPeople(
  tx: Tx,
  actor: Actor,
  csv: string,
  options: { publicUrl: string; smsCountries: readonly string[] },
): Promise<{ imported: true; count: number } | { imported: false; preview: ImportPreview }> {
  const { preview, planned } = await checkImport(tx, actor, csv, options.smsCountries);
  if (preview.file_errors.length || preview.invalid > 0 || planned.length === 0) {
    return { imported: false, preview };
  }
  const now = new Date();
  const inviter = await inviterOf(tx, actor, options.publicUrl);
  await addMembers(tx, { organizationId: actor.organizationId, actorUserId: actor.userId, now, ...inviter }, planned);
  await audit(tx, {
    organizationId: actor.organizationId,
    actorUserId: actor.userId,
    action: "people.import",
    targetId: actor.organizationId,
    after: { count: planned.length, user_ids: planned.map((plan) => plan.userId) },
  });
  return { imported: true, count: planned.length };
}
