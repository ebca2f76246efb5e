import type { openDatabase } from "../server/src/lib/db/database.ts";
import { withOrganization } from "../server/src/lib/db/tenancy.ts";
import type { SeededPerson } from "./seed.ts";

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];

/**
 * "Pine Clinic" (timesheets-pages.e2e.test.ts): a team larger than the
 * timesheets' first page, so the page shows the first people's sheets with
 * everyone's totals before the whole period is in. In a zone where it is
 * about noon, a board with one job and `TEAM` employees, each with an hour
 * clocked this morning; an owner manages it.
 */
export interface TimesheetsSeed {
  organization: string;
  board: { id: string; name: string };
  owner: SeededPerson;
  /** How many employees have a timesheet in the period. */
  team: number;
  /** The employees' last names, "Nurse 01" … in the order the page lists them (by name). */
  lastNames: string[];
}

/** More than the page's first page of people (TIMESHEETS_FIRST_PAGE, 40). */
const TEAM = 48;

export async function seedTimesheets(
  db: Db,
  organization: (title: string) => Promise<string>,
  person: (first: string, last: string, national: string, language: string) => Promise<string>,
  zone: string,
): Promise<TimesheetsSeed> {
  const title = "Pine Clinic";
  const pine = await organization(title);
  const owner = { phone: "+96170960001", national: "70960001", firstName: "Pia" };
  const ownerId = await person(owner.firstName, "Pine", owner.national, "en");
  const lastNames = Array.from({ length: TEAM }, (_, n) => `Nurse ${String(n + 1).padStart(2, "0")}`);
  const staff: string[] = [];
  for (const [n, lastName] of lastNames.entries()) {
    staff.push(await person("Alex", lastName, `70961${String(n).padStart(3, "0")}`, "en"));
  }

  const boardId = await withOrganization(db, pine, async (tx) => {
    await tx.insertInto("organization_settings").values({ organization_id: pine, time_zone: zone }).execute();
    await tx
      .insertInto("memberships")
      .values([
        { organization_id: pine, user_id: ownerId, role: "OWNER" as const },
        ...staff.map((id) => ({ organization_id: pine, user_id: id, role: "EMPLOYEE" as const })),
      ])
      .execute();
    const job = await tx
      .insertInto("jobs")
      .values({ organization_id: pine, name: "Ward", color: "#2b8a3e", hourly_rate: 20 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const board = await tx
      .insertInto("job_schedulers")
      .values({ organization_id: pine, name: "Ward A", time_zone: zone, week_start: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("job_scheduler_jobs")
      .values({ organization_id: pine, job_scheduler_id: board.id, job_id: job.id })
      .execute();
    await tx
      .insertInto("membership_jobs")
      .values(staff.map((id) => ({ organization_id: pine, user_id: id, job_id: job.id })))
      .execute();
    await tx
      .insertInto("job_scheduler_members")
      .values(staff.map((id) => ({ organization_id: pine, job_scheduler_id: board.id, user_id: id })))
      .execute();
    // An hour this morning (it is about noon there): every sheet has an entry, none is open.
    const now = Date.now();
    await tx
      .insertInto("time_entries")
      .values(
        staff.map((id) => ({
          organization_id: pine,
          user_id: id,
          job_id: job.id,
          clock_in_at: new Date(now - 3 * 3_600_000).toISOString(),
          clock_out_at: new Date(now - 2 * 3_600_000).toISOString(),
          source: "punch" as const,
          created_by: id,
        })),
      )
      .execute();
    return board.id;
  });
  return { organization: title, board: { id: boardId, name: "Ward A" }, owner, team: TEAM, lastNames };
}
