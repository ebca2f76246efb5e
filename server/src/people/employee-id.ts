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

const employeeIdRace = { memberships_employee_id: employeeIdTaken };

/** Sets (or with null clears) a person's employee id; 409 person_employee_id_taken when someone else has it. */
export async function setEmployeeId(
  tx: Tx,
  organizationId: string,
  userId: string,
  employeeId: string | null,
): Promise<void> {
  if (employeeId !== null) {
    const holder = await tx
      .selectFrom("memberships")
      .select("user_id")
      .where("organization_id", "=", organizationId)
      .where("employee_id", "=", employeeId)
      .where("user_id", "<>", userId)
      .executeTakeFirst();
    if (holder) throw employeeIdTaken();
  }
  await refusingConstraints(employeeIdRace, () =>
    tx
      .updateTable("memberships")
      .set({ employee_id: employeeId })
      .where("organization_id", "=", organizationId)
      .where("user_id", "=", userId)
      .execute(),
  );
}
