import { refusingConstraints } from "../lib/db/constraint-errors.ts";
import type { Tx } from "../lib/db/tenancy.ts";
import { refuse } from "../lib/http/errors.ts";

/**
 * A person's employee (payroll) id: as typed, optional, and never another
 * person's of the organization (archived people keep theirs, so an id is not
 * reused by mistake). The check names the problem; the unique index
 * memberships_employee_id decides a race.
 */
const employeeIdTaken = () =>
  refuse("person_employee_id_taken", "Another person of the organization has this employee id", {
    employee_id: "people.employeeIdTaken",
  });

export const employeeIdRace = { memberships_employee_id: employeeIdTaken };

/** Of `employeeIds`, those a person of the organization already has. */
export async function employeeIdsTaken(tx: Tx, organizationId: string, employeeIds: readonly string[]) {
  if (employeeIds.length === 0) return new Set<string>();
  const rows = await tx
    .selectFrom("memberships")
    .select("employee_id")
    .where("organization_id", "=", organizationId)
    .where("employee_id", "in", [...employeeIds])
    .execute();
  return new Set(rows.flatMap((row) => (row.employee_id === null ? [] : [row.employee_id])));
}

/** 409 person_employee_id_taken when someone of the organization other than `userId` has this employee id. */
export async function assertEmployeeIdFree(
  tx: Tx,
  organizationId: string,
  employeeId: string,
  userId?: string,
): Promise<void> {
  let query = tx
    .selectFrom("memberships")
    .select("user_id")
    .where("organization_id", "=", organizationId)
    .where("employee_id", "=", employeeId);
  if (userId !== undefined) query = query.where("user_id", "<>", userId);
  if (await query.executeTakeFirst()) throw employeeIdTaken();
}

/** Sets (or with null clears) a person's employee id; 409 person_employee_id_taken when someone else has it. */
export async function setEmployeeId(
  tx: Tx,
  organizationId: string,
  userId: string,
  employeeId: string | null,
): Promise<void> {
  if (employeeId !== null) await assertEmployeeIdFree(tx, organizationId, employeeId, userId);
  await refusingConstraints(employeeIdRace, () =>
    tx
      .updateTable("memberships")
      .set({ employee_id: employeeId })
      .where("organization_id", "=", organizationId)
      .where("user_id", "=", userId)
      .execute(),
  );
}
